import type { OrgScopedInput } from './organizations';
import type { IdentitySubjects } from './subjects';

export interface AgentInstructions {
  object: 'agent-instructions';
  instructions: Record<string, unknown>;
  updatedAt: string;
  updatedBy: string;
  urls: { location: string };
}

export interface AgentInstructionsPutInput {
  organizationId: string;
  instructions: Record<string, unknown>;
}

export interface AgentInstructionsRpc {
  [IdentitySubjects.agentInstructionsGet]: { input: OrgScopedInput; result: AgentInstructions };
  [IdentitySubjects.agentInstructionsPut]: { input: AgentInstructionsPutInput; result: AgentInstructions };
}
