import { ContentSubjects, type RequestContext } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { Ctx } from '../../common/request-context.decorator';
import { SpaceParams } from '../dto/content.params';
import { ApplyTemplateRequest } from './template.request';

/** Built-in space templates applied to main content or to a change request. */
@Controller('v1/spaces/:spaceId/content/template')
export class TemplatesController {
  constructor(private readonly services: ServiceClient) {}

  /** 201 with no body (the official "Template applied to space."). */
  @Post()
  @HttpCode(201)
  async apply(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Body() body: ApplyTemplateRequest): Promise<void> {
    await this.services.send(ContentSubjects.templateApply, ctx, { ...body, spaceId: params.spaceId });
  }
}
