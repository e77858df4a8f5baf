import type { MemberRoleOrGuest } from '@bindery/contracts';
import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface InviteLinkRow {
  id: string;
  organization_id: string;
  role: MemberRoleOrGuest;
  created_at: Date;
}

@Injectable()
export class InviteLinksRepository {
  constructor(private readonly db: DataSource) {}

  async insert(row: { id: string; organizationId: string; role: MemberRoleOrGuest; createdBy: string }): Promise<InviteLinkRow> {
    const rows: InviteLinkRow[] = await this.db.query(
      'INSERT INTO invite_links (id, organization_id, role, created_by) VALUES ($1, $2, $3, $4) RETURNING id, organization_id, role, created_at',
      [row.id, row.organizationId, row.role, row.createdBy],
    );
    return rows[0];
  }

  async list(organizationId: string, limit: number, after?: CursorKey): Promise<{ rows: InviteLinkRow[]; count: number }> {
    const counted: Array<{ n: number }> = await this.db.query('SELECT count(*)::int AS n FROM invite_links WHERE organization_id = $1', [
      organizationId,
    ]);
    const params: unknown[] = [organizationId, limit];
    const keyset = after ? `AND (created_at, id) > ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})` : '';
    const rows: InviteLinkRow[] = await this.db.query(
      `SELECT id, organization_id, role, created_at FROM invite_links WHERE organization_id = $1 ${keyset} ORDER BY created_at, id LIMIT $2`,
      params,
    );
    return { rows, count: counted[0].n };
  }

  async find(organizationId: string, id: string): Promise<InviteLinkRow | undefined> {
    const rows: InviteLinkRow[] = await this.db.query(
      'SELECT id, organization_id, role, created_at FROM invite_links WHERE organization_id = $1 AND id = $2',
      [organizationId, id],
    );
    return rows[0];
  }

  async setRole(organizationId: string, id: string, role: MemberRoleOrGuest): Promise<void> {
    await this.db.query('UPDATE invite_links SET role = $3 WHERE organization_id = $1 AND id = $2', [organizationId, id, role]);
  }

  async delete(organizationId: string, id: string): Promise<void> {
    await this.db.query('DELETE FROM invite_links WHERE organization_id = $1 AND id = $2', [organizationId, id]);
  }
}
