import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FileDownloadService } from './file-download.service';

const S = ContentSubjects;

@Controller()
export class FilesHandler {
  constructor(private readonly downloads: FileDownloadService) {}

  @MessagePattern(S.fileDownload)
  download(@Payload() { data }: RpcEnvelope<typeof S.fileDownload>): Promise<RpcResult<typeof S.fileDownload>> {
    return this.downloads.download(data);
  }
}
