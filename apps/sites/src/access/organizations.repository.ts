import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The hostnames of organizations, as identity last reported them. */
@Injectable()
export class OrganizationsRepository {
  private readonly known = new Map<string, string | null>();

  constructor(private readonly db: DataSource) {}

  /** Stores an organization's hostname when it changed (remembered per process to skip the write). */
  async remember(organizationId: string, hostname: string | null): Promise<void> {
    if (this.known.get(organizationId) === hostname) return;
    await this.db.query(
      `INSERT INTO organizations (id, hostname) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET hostname = EXCLUDED.hostname, updated_at = now() WHERE organizations.hostname IS DISTINCT FROM EXCLUDED.hostname`,
      [organizationId, hostname],
    );
    this.known.set(organizationId, hostname);
  }

  async hostnameOf(organizationId: string): Promise<string | null> {
    const rows: Array<{ hostname: string | null }> = await this.db.query('SELECT hostname FROM organizations WHERE id = $1', [
      organizationId,
    ]);
    return rows[0]?.hostname ?? null;
  }

  /** The organization whose hostname this is, if any. */
  async byHostname(hostname: string): Promise<string | undefined> {
    const rows: Array<{ id: string }> = await this.db.query('SELECT id FROM organizations WHERE hostname = $1 LIMIT 1', [hostname]);
    return rows[0]?.id;
  }
}
