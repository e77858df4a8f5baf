import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface AgentInstructionsRow {
  instructions: Record<string, unknown>;
  updated_at: Date;
  updated_by: string;
}

/** `agent_instructions`: one document per organization. */
@Injectable()
export class AgentInstructionsRepository {
  constructor(private readonly db: DataSource) {}

  async find(organizationId: string): Promise<AgentInstructionsRow | undefined> {
    const rows: AgentInstructionsRow[] = await this.db.query(
      'SELECT instructions, updated_at, updated_by FROM agent_instructions WHERE organization_id = $1',
      [organizationId],
    );
    return rows[0];
  }

  /** When the organization was created; undefined when there is no such organization. */
  async organizationCreatedAt(organizationId: string): Promise<Date | undefined> {
    const rows: Array<{ created_at: Date }> = await this.db.query('SELECT created_at FROM organizations WHERE id = $1', [organizationId]);
    return rows[0]?.created_at;
  }

  async upsert(organizationId: string, instructions: unknown, updatedBy: string): Promise<AgentInstructionsRow> {
    const rows: AgentInstructionsRow[] = await this.db.query(
      `INSERT INTO agent_instructions (organization_id, instructions, updated_by) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id) DO UPDATE SET instructions = EXCLUDED.instructions, updated_by = EXCLUDED.updated_by, updated_at = now()
       RETURNING instructions, updated_at, updated_by`,
      [organizationId, JSON.stringify(instructions), updatedBy],
    );
    return rows[0];
  }
}
