import { ContentSubjects, type Envelope, type TemplateApplyInput } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TemplatesService } from './templates.service';

@Controller()
export class TemplatesHandler {
  constructor(private readonly templates: TemplatesService) {}

  @MessagePattern(ContentSubjects.templateApply)
  apply(@Payload() { ctx, data }: Envelope<TemplateApplyInput>): Promise<{ applied: true }> {
    return this.templates.apply(ctx, data);
  }
}
