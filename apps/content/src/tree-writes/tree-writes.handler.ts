import { ContentSubjects, type Envelope, type TreeWriteInput, type TreeWriteResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TreeWritesService } from './tree-writes.service';

/** Internal (no gateway route): services that produce a whole space's content write it here. */
@Controller()
export class TreeWritesHandler {
  constructor(private readonly writes: TreeWritesService) {}

  @MessagePattern(ContentSubjects.revisionWriteTree)
  write(@Payload() { ctx, data }: Envelope<TreeWriteInput>): Promise<TreeWriteResult> {
    return this.writes.write(ctx, data);
  }
}
