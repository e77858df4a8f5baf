import type { AgentInstructions, AgentInstructionsPutInput, RequestContext } from '@bindery/contracts';
import { notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrganizationAccess } from '../permissions/organization-access.service';

interface Row {
  instructions: Record<string, unknown>;
  updated_at: Date;
  updated_by: string;
}

/** What an organization that never wrote instructions has: an empty document, as old as the organization. */
const EMPTY_DOCUMENT = { object: 'document', data: {}, nodes: [] };

/** The organization's instructions for the docs agent: members read them, admins write them. */
@Injectable()
export class AgentInstructionsService {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly db: DataSource,
  ) {}

  async get(ctx: RequestContext, organizationId: string): Promise<AgentInstructions> {
    await this.access.require(ctx, organizationId, 'agentInstructions.view');
    const rows: Row[] = await this.db.query(
      'SELECT instructions, updated_at, updated_by FROM agent_instructions WHERE organization_id = $1',
      [organizationId],
    );
    if (rows[0]) return toWire(organizationId, rows[0], ctx.baseUrl);
    const org: Array<{ created_at: Date }> = await this.db.query('SELECT created_at FROM organizations WHERE id = $1', [organizationId]);
    if (!org[0]) throw notFound('No matching organization found');
    return toWire(organizationId, { instructions: EMPTY_DOCUMENT, updated_at: org[0].created_at, updated_by: '' }, ctx.baseUrl);
  }

  async put(ctx: RequestContext, input: AgentInstructionsPutInput): Promise<AgentInstructions> {
    const caller = await this.access.require(ctx, input.organizationId, 'agentInstructions.update');
    const rows: Row[] = await this.db.query(
      `INSERT INTO agent_instructions (organization_id, instructions, updated_by) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id) DO UPDATE SET instructions = EXCLUDED.instructions, updated_by = EXCLUDED.updated_by, updated_at = now()
       RETURNING instructions, updated_at, updated_by`,
      [input.organizationId, JSON.stringify(input.instructions), caller.userId],
    );
    return toWire(input.organizationId, rows[0], ctx.baseUrl);
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
