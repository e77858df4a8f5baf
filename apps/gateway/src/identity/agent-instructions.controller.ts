import { type AgentInstructions, IdentitySubjects, type RequestContext } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { PutAgentInstructionsRequest } from './dto/agent-instructions.request';
import { OrganizationParams } from './dto/organization.params';
import { Relayed } from '../common/relayed.decorator';

@Controller('v1/orgs/:organizationId/agent-instructions')
export class AgentInstructionsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Relayed()
  get(@Ctx() ctx: RequestContext, @Param() params: OrganizationParams): Promise<JsonBytes<AgentInstructions>> {
    return this.services.relay(IdentitySubjects.agentInstructionsGet, ctx, { organizationId: params.organizationId });
  }

  /** PUT — admins replace the instructions document. */
  @Put()
  @Relayed()
  put(
    @Ctx() ctx: RequestContext,
    @Param() params: OrganizationParams,
    @Body() body: PutAgentInstructionsRequest,
  ): Promise<JsonBytes<AgentInstructions>> {
    return this.services.relay(IdentitySubjects.agentInstructionsPut, ctx, {
      organizationId: params.organizationId,
      // A plain copy: the contract carries a JSON object, not the DTO class.
      instructions: { ...body.instructions },
    });
  }
}
