import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** An organization's conversations settings (`organization_state`, the row processing also locks). */
@Injectable()
export class SettingsRepository {
  constructor(private readonly db: DataSource) {}

  async embeddings(organizationId: string): Promise<string | null> {
    const [row] = await this.db.query<Array<{ embeddings: string | null }>>(
      'SELECT embeddings FROM organization_state WHERE organization_id = $1',
      [organizationId],
    );
    return row?.embeddings ?? null;
  }

  async setEmbeddings(organizationId: string, embeddings: string | null): Promise<void> {
    await this.db.query(
      `INSERT INTO organization_state (organization_id, embeddings) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET embeddings = EXCLUDED.embeddings`,
      [organizationId, embeddings],
    );
  }
}
