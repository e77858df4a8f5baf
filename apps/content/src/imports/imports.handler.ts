import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ImportsService } from './imports.service';

const S = ContentSubjects;

/** Whole-tree imports and reads for git sync (no gateway route: git-sync's worker calls them). */
@Controller()
export class ImportsHandler {
  constructor(private readonly imports: ImportsService) {}

  @MessagePattern(S.importApply)
  apply(@Payload() { ctx, data }: RpcEnvelope<typeof S.importApply>): Promise<RpcResult<typeof S.importApply>> {
    return this.imports.apply(ctx, data);
  }

  @MessagePattern(S.importStoreFiles)
  storeFiles(@Payload() { ctx, data }: RpcEnvelope<typeof S.importStoreFiles>): Promise<RpcResult<typeof S.importStoreFiles>> {
    return this.imports.storeFiles(ctx, data);
  }

  @MessagePattern(S.importStoreDocuments)
  storeDocuments(@Payload() { ctx, data }: RpcEnvelope<typeof S.importStoreDocuments>): Promise<RpcResult<typeof S.importStoreDocuments>> {
    return this.imports.storeDocuments(ctx, data);
  }

  @MessagePattern(S.importRead)
  read(@Payload() { ctx, data }: RpcEnvelope<typeof S.importRead>): Promise<RpcResult<typeof S.importRead>> {
    return this.imports.read(ctx, data);
  }

  @MessagePattern(S.importReadDocuments)
  readDocuments(@Payload() { ctx, data }: RpcEnvelope<typeof S.importReadDocuments>): Promise<RpcResult<typeof S.importReadDocuments>> {
    return this.imports.readDocuments(ctx, data);
  }

  @MessagePattern(S.importReadFile)
  readFile(@Payload() { ctx, data }: RpcEnvelope<typeof S.importReadFile>): Promise<RpcResult<typeof S.importReadFile>> {
    return this.imports.readFile(ctx, data);
  }
}
