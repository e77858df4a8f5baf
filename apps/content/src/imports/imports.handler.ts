import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ImportsService } from './imports.service';

/** Whole-tree imports and reads for git sync (no gateway route: git-sync's worker calls them). */
@Controller()
export class ImportsHandler {
  constructor(private readonly imports: ImportsService) {}

  @MessagePattern(ContentSubjects.importApply)
  apply(@Payload() { ctx, data }: RpcEnvelope<typeof ContentSubjects.importApply>): Promise<RpcResult<typeof ContentSubjects.importApply>> {
    return this.imports.apply(ctx, data);
  }

  @MessagePattern(ContentSubjects.importStoreFiles)
  storeFiles(
    @Payload() { ctx, data }: RpcEnvelope<typeof ContentSubjects.importStoreFiles>,
  ): Promise<RpcResult<typeof ContentSubjects.importStoreFiles>> {
    return this.imports.storeFiles(ctx, data);
  }

  @MessagePattern(ContentSubjects.importRead)
  read(@Payload() { ctx, data }: RpcEnvelope<typeof ContentSubjects.importRead>): Promise<RpcResult<typeof ContentSubjects.importRead>> {
    return this.imports.read(ctx, data);
  }

  @MessagePattern(ContentSubjects.importReadFile)
  readFile(
    @Payload() { ctx, data }: RpcEnvelope<typeof ContentSubjects.importReadFile>,
  ): Promise<RpcResult<typeof ContentSubjects.importReadFile>> {
    return this.imports.readFile(ctx, data);
  }
}
