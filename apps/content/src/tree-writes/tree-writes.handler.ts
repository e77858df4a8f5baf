import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TreeWritesService } from './tree-writes.service';

const S = ContentSubjects;

/** Internal (no gateway route): services that produce a whole space's content write it here. */
@Controller()
export class TreeWritesHandler {
  constructor(private readonly writes: TreeWritesService) {}

  @MessagePattern(S.revisionWriteTree)
  write(@Payload() { ctx, data }: RpcEnvelope<typeof S.revisionWriteTree>): Promise<RpcResult<typeof S.revisionWriteTree>> {
    return this.writes.write(ctx, data);
  }
}
