import type {
  ConversationsSettings,
  ConversationsSettingsGetInput,
  ConversationsSettingsUpdateInput,
  RequestContext,
} from '@bindery/contracts';
import { badRequest, OrganizationAccessClient } from '@bindery/platform';
import { Inject, Injectable } from '@nestjs/common';
import { SettingsRepository } from './settings.repository';

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
    private readonly repository: SettingsRepository,
    @Inject(EMBEDDING_ENDPOINT_NAMES) private readonly endpointNames: string[],
  ) {}

  async get(ctx: RequestContext, input: ConversationsSettingsGetInput): Promise<ConversationsSettings> {
    await this.access.require(ctx, input.organizationId, 'conversations.read');
    return this.view(await this.repository.embeddings(input.organizationId));
  }

  /** Admins only (the permission that lets them ingest, also admin-only). */
  async update(ctx: RequestContext, input: ConversationsSettingsUpdateInput): Promise<ConversationsSettings> {
    await this.access.require(ctx, input.organizationId, 'conversations.ingest');
    if (input.embeddings !== null && !this.endpointNames.includes(input.embeddings))
      throw badRequest(
        `embeddings must be null (built-in vectors) or one of the configured endpoints: ${this.endpointNames.join(', ') || '(none configured)'}`,
      );
    await this.repository.setEmbeddings(input.organizationId, input.embeddings);
    return this.view(input.embeddings);
  }

  private view(embeddings: string | null): ConversationsSettings {
    return { object: 'conversations-settings', embeddings, availableEmbeddings: [...this.endpointNames] };
  }
}
