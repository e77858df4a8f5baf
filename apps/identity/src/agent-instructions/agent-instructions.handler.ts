import {
  type AgentInstructions,
  type AgentInstructionsPutInput,
  type Envelope,
  IdentitySubjects,
  type OrgScopedInput,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AgentInstructionsService } from './agent-instructions.service';

@Controller()
export class AgentInstructionsHandler {
  constructor(private readonly instructions: AgentInstructionsService) {}

  @MessagePattern(IdentitySubjects.agentInstructionsGet)
  get(@Payload() { ctx, data }: Envelope<OrgScopedInput>): Promise<AgentInstructions> {
    return this.instructions.get(ctx, data.organizationId);
  }

  @MessagePattern(IdentitySubjects.agentInstructionsPut)
  put(@Payload() { ctx, data }: Envelope<AgentInstructionsPutInput>): Promise<AgentInstructions> {
    return this.instructions.put(ctx, data);
  }
}
