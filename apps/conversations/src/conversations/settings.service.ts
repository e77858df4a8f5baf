import type {
  ConversationsSettings,
  ConversationsSettingsGetInput,
  ConversationsSettingsUpdateInput,
  RequestContext,
} from '@bindery/contracts';
import { badRequest, OrganizationAccessClient } from '@bindery/platform';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The names of the operator's embedding endpoints (`CONVERSATIONS_EMBEDDING_ENDPOINTS`). */
export const EMBEDDING_ENDPOINT_NAMES = Symbol('EMBEDDING_ENDPOINT_NAMES');

/**
 * Which embedding engine an organization's clusters are built with. An organization picks one of
 * the operator's endpoints by name, never a URL: the worker only ever calls addresses the
 * operator wrote. Switching takes effect from the next processed batch; see `ClusteringEngine`
 * for what happens to existing clusters (kept, readable, no longer grown).
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly access: OrganizationAccessClient,
    private readonly db: DataSource,
    @Inject(EMBEDDING_ENDPOINT_NAMES) private readonly endpointNames: string[],
  ) {}

  async get(ctx: RequestContext, input: ConversationsSettingsGetInput): Promise<ConversationsSettings> {
    await this.access.require(ctx, input.organizationId, 'conversations.read');
    const [row] = await this.db.query<Array<{ embeddings: string | null }>>(
      'SELECT embeddings FROM organization_state WHERE organization_id = $1',
      [input.organizationId],
    );
    return this.view(row?.embeddings ?? null);
  }

  /** Admins only (the permission that lets them ingest, also admin-only). */
  async update(ctx: RequestContext, input: ConversationsSettingsUpdateInput): Promise<ConversationsSettings> {
    await this.access.require(ctx, input.organizationId, 'conversations.ingest');
    if (input.embeddings !== null && !this.endpointNames.includes(input.embeddings))
      throw badRequest(
        `embeddings must be null (built-in vectors) or one of the configured endpoints: ${this.endpointNames.join(', ') || '(none configured)'}`,
      );
    await this.db.query(
      `INSERT INTO organization_state (organization_id, embeddings) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET embeddings = EXCLUDED.embeddings`,
      [input.organizationId, input.embeddings],
    );
    return this.view(input.embeddings);
  }

  private view(embeddings: string | null): ConversationsSettings {
    return { object: 'conversations-settings', embeddings, availableEmbeddings: [...this.endpointNames] };
  }
}
