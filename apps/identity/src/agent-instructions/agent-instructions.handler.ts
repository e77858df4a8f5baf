import { IdentitySubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AgentInstructionsService } from './agent-instructions.service';

const S = IdentitySubjects;

@Controller()
export class AgentInstructionsHandler {
  constructor(private readonly instructions: AgentInstructionsService) {}

  @MessagePattern(S.agentInstructionsGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.agentInstructionsGet>): Promise<RpcResult<typeof S.agentInstructionsGet>> {
    return this.instructions.get(ctx, data.organizationId);
  }

  @MessagePattern(S.agentInstructionsPut)
  put(@Payload() { ctx, data }: RpcEnvelope<typeof S.agentInstructionsPut>): Promise<RpcResult<typeof S.agentInstructionsPut>> {
    return this.instructions.put(ctx, data);
  }
}
