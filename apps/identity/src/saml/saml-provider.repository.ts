import type { MemberRoleOrGuest } from '@bindery/contracts';
import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SamlProviderRow {
  id: string;
  organization_id: string;
  label: string;
  entity_id: string | null;
  certificate: string | null;
  sso_url: string | null;
  default_team_id: string | null;
  default_role: MemberRoleOrGuest;
  created_at: Date;
}

/** Columns a create or patch writes, in the table's names. */
export type SamlProviderColumns = Partial<
  Pick<SamlProviderRow, 'label' | 'entity_id' | 'certificate' | 'sso_url' | 'default_team_id' | 'default_role'>
>;

const COLUMNS = 'id, organization_id, label, entity_id, certificate, sso_url, default_team_id, default_role, created_at';
const WRITABLE = ['label', 'entity_id', 'certificate', 'sso_url', 'default_team_id', 'default_role'] as const;

@Injectable()
export class SamlProvidersRepository {
  constructor(private readonly db: DataSource) {}

  async insert(id: string, organizationId: string, columns: SamlProviderColumns & { label: string }): Promise<void> {
    await this.db.query(
      `INSERT INTO saml_providers (id, organization_id, ${WRITABLE.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, organizationId, ...WRITABLE.map((c) => columns[c] ?? null)],
    );
  }

  async update(organizationId: string, id: string, columns: SamlProviderColumns): Promise<void> {
    const set = WRITABLE.filter((c) => columns[c] !== undefined);
    if (set.length === 0) return;
    await this.db.query(
      `UPDATE saml_providers SET ${set.map((c, i) => `${c} = $${i + 3}`).join(', ')} WHERE organization_id = $1 AND id = $2`,
      [organizationId, id, ...set.map((c) => columns[c])],
    );
  }

  async find(organizationId: string, id: string): Promise<SamlProviderRow | undefined> {
    const rows: SamlProviderRow[] = await this.db.query(`SELECT ${COLUMNS} FROM saml_providers WHERE organization_id = $1 AND id = $2`, [
      organizationId,
      id,
    ]);
    return rows[0];
  }

  async list(organizationId: string, limit: number, after?: CursorKey): Promise<{ rows: SamlProviderRow[]; count: number }> {
    const counted: Array<{ n: number }> = await this.db.query('SELECT count(*)::int AS n FROM saml_providers WHERE organization_id = $1', [
      organizationId,
    ]);
    const params: unknown[] = [organizationId];
    const keyset = after ? `AND (created_at, id) > ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})` : '';
    const rows: SamlProviderRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM saml_providers WHERE organization_id = $1 ${keyset} ORDER BY created_at, id LIMIT ${Number(limit)}`,
      params,
    );
    return { rows, count: counted[0].n };
  }

  async delete(organizationId: string, id: string): Promise<void> {
    await this.db.query('DELETE FROM saml_providers WHERE organization_id = $1 AND id = $2', [organizationId, id]);
  }
}
