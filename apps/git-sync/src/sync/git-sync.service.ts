import {
  type GitEditLinks,
  type GitEditLinksInput,
  type GitExportInput,
  type GitImportInput,
  GitSyncJobs,
  type GitSyncInfo,
  type RequestContext,
} from '@bindery/contracts';
import { AddressPolicy, badRequest, callerId, enqueueJob, JobStore, notFound, SpaceAccessClient } from '@bindery/platform';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GitSyncEnv } from '../config/git-sync.env';
import { checkedAddress, parseRemoteUrl, providerOf, repoNameOf } from '../git/remote-url';
import { CredentialSealer } from '../git/sealed-credentials';
import { editLinksOf } from './edit-links';
import { type GitJobPayload, REF_PATTERN } from './git-job';
import { SyncStateRepository } from './sync-state.repository';

/**
 * The request side of git sync: checks the caller may trigger a sync (content decides), the URL
 * and ref, then queues a durable job in the same transaction that records the target. The work
 * itself runs in the worker.
 */
@Injectable()
export class GitSyncService {
  private readonly policy: AddressPolicy;
  constructor(
    private readonly access: SpaceAccessClient,
    private readonly states: SyncStateRepository,
    private readonly db: DataSource,
    private readonly sealer: CredentialSealer,
    @Inject(GitSyncEnv) env: GitSyncEnv,
  ) {
    this.policy = AddressPolicy.fromList(env.GIT_ALLOW_PRIVATE_HOSTS);
  }

  startImport(ctx: RequestContext, input: GitImportInput): Promise<void> {
    return this.start(ctx, GitSyncJobs.import, input, { standalone: input.standalone });
  }

  startExport(ctx: RequestContext, input: GitExportInput): Promise<void> {
    return this.start(ctx, GitSyncJobs.export, input, { commitMessage: input.commitMessage });
  }

  private async start(
    ctx: RequestContext,
    type: string,
    input: GitImportInput | GitExportInput,
    extra: Partial<GitJobPayload>,
  ): Promise<void> {
    const access = await this.access.require(ctx, input.spaceId, 'edit');
    const remote = parseRemoteUrl(input.url);
    if (!REF_PATTERN.test(input.ref)) throw badRequest('ref: must be refs/heads/<branch>');
    // Refused hosts are a 400 now; the worker checks again right before connecting (DNS may change).
    await checkedAddress(remote.safeUrl, this.policy);
    const projectDir = (input.repoProjectDirectory ?? '').replace(/^\.?\/+|\/+$/g, '');
    if (projectDir.split('/').includes('..')) throw badRequest('repoProjectDirectory: must stay inside the repository');
    const payload: GitJobPayload = {
      spaceId: input.spaceId,
      caller: { userId: callerId(ctx), tokenId: ctx.caller!.tokenId },
      requestId: ctx.requestId,
      baseUrl: ctx.baseUrl,
      url: remote.safeUrl,
      ...(remote.username !== undefined || remote.password !== undefined
        ? { sealedCredentials: this.sealer.sealCredentials({ username: remote.username, password: remote.password }) }
        : {}),
      ref: input.ref,
      projectDir,
      ...(input.timestamp ? { timestamp: input.timestamp } : {}),
      ...(input.force ? { force: true } : {}),
      ...extra,
    };
    await this.db.transaction(async (manager) => {
      const jobId = await enqueueJob(manager, type, payload);
      await this.states.upsertTarget(manager, {
        spaceId: input.spaceId,
        organizationId: access.organization,
        repoUrl: input.gitInfo?.url ? parseRemoteUrl(input.gitInfo.url, 'gitInfo.url').safeUrl : remote.safeUrl,
        repoName: repoNameOf(remote.safeUrl),
        provider: providerOf(remote.safeUrl, input.gitInfo?.provider),
        treeUrl: input.repoTreeURL ?? null,
        lastJobId: jobId,
        fetchUrl: remote.safeUrl,
        ref: input.ref,
        projectDir,
      });
    });
  }

  /** getSpaceGitInfo: the repository and the last operation (its error visible to those who may sync). */
  async info(ctx: RequestContext, spaceId: string): Promise<GitSyncInfo> {
    const access = await this.access.require(ctx, spaceId, 'view');
    const state = await this.states.find(spaceId);
    if (!state) throw notFound('No Git Sync is set up for this space');
    const info: GitSyncInfo = {
      repoName: state.repoName,
      installationId: state.spaceId,
      installationProvider: state.provider === 'gitlab' ? 'gitlab' : 'github',
      installationStatus: 'active',
      integration: state.provider,
      url: state.repoUrl,
      updatedAt: state.updatedAt.toISOString(),
    };
    if (state.lastJobId) {
      const job = await new JobStore(this.db).get(state.lastJobId);
      if (job) {
        info.operation = {
          state: job.status === 'succeeded' ? 'success' : job.status === 'failed' ? 'failure' : 'running',
          direction: job.type === GitSyncJobs.export ? 'export' : 'import',
          startedAt: job.startedAt ?? job.createdAt,
          ...(job.finishedAt ? { endedAt: job.finishedAt } : {}),
          // Reasons name files and refs of the repository: only for those who may sync it.
          ...(job.error && access.permissions.edit ? { error: job.error } : {}),
        };
        // Admins see the job in full: its notes (missing files, unresolved links) and attempts.
        if (access.permissions.admin)
          info.job = {
            id: job.id,
            status: job.status,
            attempts: job.attempts,
            progress: job.progress,
            message: job.progressMessage,
            error: job.error,
            createdAt: job.createdAt,
            finishedAt: job.finishedAt,
          };
      }
    }
    if (access.permissions.admin) info.webhook = { configured: state.webhookSecret !== null };
    return info;
  }

  /** The "Edit on Git" links of a published space (callerless, the reader's): only a space of the organization named. */
  async editLinks(input: GitEditLinksInput): Promise<GitEditLinks> {
    const state = await this.states.find(input.spaceId);
    const links = state && state.organizationId === input.organizationId ? editLinksOf(state) : null;
    if (!links) throw notFound('No Git Sync is set up for this space');
    return links;
  }

  async deleteLegacyInstallation(ctx: RequestContext, spaceId: string): Promise<void> {
    await this.access.require(ctx, spaceId, 'admin');
    // The legacy installation is the space's stored git target: removing it twice is fine.
    await this.states.delete(spaceId);
  }
}
