import { type AgentInstructions, IdentitySubjects, type RequestContext } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { PutAgentInstructionsRequest } from './dto/agent-instructions.request';
import { OrganizationParams } from './dto/organization.params';

@Controller('v1/orgs/:organizationId/agent-instructions')
export class AgentInstructionsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  get(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams): Promise<AgentInstructions> {
    return this.services.send(IdentitySubjects.agentInstructionsGet, ctx, { organizationId: params.organizationId });
  }

  /** PUT — admins replace the instructions document. */
  @Put()
  put(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Body() body: PutAgentInstructionsRequest,
  ): Promise<AgentInstructions> {
    return this.services.send(IdentitySubjects.agentInstructionsPut, ctx, {
      organizationId: params.organizationId,
      // A plain copy: the contract carries a JSON object, not the DTO class.
      instructions: { ...body.instructions },
    });
  }
}
