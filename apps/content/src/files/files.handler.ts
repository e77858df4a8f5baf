import { ContentSubjects, type Envelope, type FileDownload, type FileDownloadInput } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FileDownloadService } from './file-download.service';

@Controller()
export class FilesHandler {
  constructor(private readonly downloads: FileDownloadService) {}

  @MessagePattern(ContentSubjects.fileDownload)
  download(@Payload() { data }: Envelope<FileDownloadInput>): Promise<FileDownload> {
    return this.downloads.download(data);
  }
}
