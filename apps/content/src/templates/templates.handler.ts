import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TemplatesService } from './templates.service';

const S = ContentSubjects;

@Controller()
export class TemplatesHandler {
  constructor(private readonly templates: TemplatesService) {}

  @MessagePattern(S.templateApply)
  apply(@Payload() { ctx, data }: RpcEnvelope<typeof S.templateApply>): Promise<RpcResult<typeof S.templateApply>> {
    return this.templates.apply(ctx, data);
  }
}
