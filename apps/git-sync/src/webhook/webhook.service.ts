import { randomBytes } from 'node:crypto';
import {
  GitSyncJobs,
  type GitWebhookDelivery,
  type GitWebhookResult,
  type GitWebhookSecret,
  type GitWebhookSecretInput,
  type RequestContext,
} from '@bindery/contracts';
import { badRequest, callerId, enqueueJob, forbidden, notFound, randomBase62, SpaceAccessClient, unauthorized } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CredentialSealer } from '../git/sealed-credentials';
import type { GitJobPayload } from '../sync/git-job';
import { SyncStateRepository } from '../sync/sync-state.repository';
import { readDelivery, verifyDelivery, type WebhookHeaders } from './push-event';

/** One answer for "no webhook here" and "wrong signature": a probe learns nothing about spaces. */
const NOT_VERIFIED = 'The delivery is not signed with this space’s webhook secret';

/**
 * Push webhooks: a space admin sets (or rotates) a secret; GitHub and GitLab deliveries signed with
 * it schedule an import of the synced branch with the push's time (older events are skipped by the
 * job, as for any import). The import fetches the URL of the last import or export without
 * credentials (those are used for one fetch only and never stored), so it suits public
 * repositories or hosts that allow the worker in.
 */
@Injectable()
export class GitWebhookService {
  constructor(
    private readonly access: SpaceAccessClient,
    private readonly states: SyncStateRepository,
    private readonly db: DataSource,
    private readonly sealer: CredentialSealer,
  ) {}

  async set(ctx: RequestContext, input: GitWebhookSecretInput): Promise<GitWebhookSecret> {
    await this.access.require(ctx, input.spaceId, 'admin');
    const state = await this.states.find(input.spaceId);
    if (!state?.fetchUrl) throw notFound('No Git Sync is set up for this space: import or export once first');
    const secret = input.secret ?? randomBytes(32).toString('base64url');
    await this.states.setWebhook(input.spaceId, this.sealer.seal(secret), callerId(ctx));
    return { url: `${ctx.baseUrl}/v1/spaces/${input.spaceId}/git/webhook`, secret };
  }

  async remove(ctx: RequestContext, spaceId: string): Promise<void> {
    await this.access.require(ctx, spaceId, 'admin');
    await this.states.setWebhook(spaceId, null, null);
  }

  async receive(ctx: RequestContext, delivery: GitWebhookDelivery): Promise<GitWebhookResult> {
    const state = await this.states.find(delivery.spaceId);
    const body = Buffer.from(delivery.bodyBase64, 'base64');
    const headers = delivery.headers as WebhookHeaders;
    const provider =
      state?.webhookSecret && state.webhookUserId && state.fetchUrl && state.ref
        ? verifyDelivery(headers, body, this.sealer.open(state.webhookSecret))
        : undefined;
    if (!provider || !state?.webhookUserId || !state.fetchUrl || !state.ref) throw unauthorized(NOT_VERIFIED);
    let read;
    try {
      read = readDelivery(provider, headers, body);
    } catch (error) {
      throw badRequest((error as Error).message);
    }
    if (read.kind === 'other') return { scheduled: false, reason: `a ${read.provider} "${read.event}" event; only pushes import` };
    const push = read.event;
    if (push.ref !== state.ref) return { scheduled: false, reason: `a push to ${push.ref}; this space syncs ${state.ref}` };
    if (push.deleted) return { scheduled: false, reason: 'the branch was deleted' };
    // The import acts as the admin who set the webhook: it needs their edit level still.
    const caller = { userId: state.webhookUserId, tokenId: `webhook:${delivery.spaceId}` };
    const access = await this.access.level({ ...ctx, caller }, delivery.spaceId);
    if (!access.permissions.edit) throw forbidden('Whoever set this webhook may no longer edit the space: set it again');
    const payload: GitJobPayload = {
      spaceId: delivery.spaceId,
      caller,
      requestId: ctx.requestId || randomBase62(12),
      baseUrl: ctx.baseUrl,
      url: state.fetchUrl,
      ref: state.ref,
      projectDir: state.projectDir,
      ...(push.timestamp ? { timestamp: push.timestamp } : {}),
    };
    await this.db.transaction(async (manager) => {
      const jobId = await enqueueJob(manager, GitSyncJobs.import, payload);
      await this.states.setLastJob(manager, delivery.spaceId, jobId);
    });
    return { scheduled: true };
  }
}
