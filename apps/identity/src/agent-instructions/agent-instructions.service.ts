import type { AgentInstructions, AgentInstructionsPutInput, RequestContext } from '@bindery/contracts';
import { notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { OrganizationAccess } from '../permissions/organization-access.service';
import { AgentInstructionsRepository, type AgentInstructionsRow as Row } from './agent-instructions.repository';

/** What an organization that never wrote instructions has: an empty document, as old as the organization. */
const EMPTY_DOCUMENT = { object: 'document', data: {}, nodes: [] };

/** The organization's instructions for the docs agent: members read them, admins write them. */
@Injectable()
export class AgentInstructionsService {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly instructions: AgentInstructionsRepository,
  ) {}

  async get(ctx: RequestContext, organizationId: string): Promise<AgentInstructions> {
    await this.access.require(ctx, organizationId, 'agentInstructions.view');
    const row = await this.instructions.find(organizationId);
    if (row) return toWire(organizationId, row, ctx.baseUrl);
    const createdAt = await this.instructions.organizationCreatedAt(organizationId);
    if (!createdAt) throw notFound('No matching organization found');
    return toWire(organizationId, { instructions: EMPTY_DOCUMENT, updated_at: createdAt, updated_by: '' }, ctx.baseUrl);
  }

  async put(ctx: RequestContext, input: AgentInstructionsPutInput): Promise<AgentInstructions> {
    const caller = await this.access.require(ctx, input.organizationId, 'agentInstructions.update');
    const row = await this.instructions.upsert(input.organizationId, input.instructions, caller.userId);
    return toWire(input.organizationId, row, ctx.baseUrl);
  }
}

function toWire(organizationId: string, row: Row, baseUrl: string): AgentInstructions {
  return {
    object: 'agent-instructions',
    instructions: row.instructions,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
    urls: { location: `${baseUrl}/v1/orgs/${organizationId}/agent-instructions` },
  };
}
