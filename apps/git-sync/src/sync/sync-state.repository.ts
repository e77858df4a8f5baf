import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PathIds } from '../format/import-tree';

/** One space's git sync: where it syncs, what the last sync applied, the ids of its git paths. */
export interface SyncState {
  spaceId: string;
  organizationId: string;
  repoUrl: string;
  repoName: string;
  provider: string;
  treeUrl: string | null;
  lastTimestamp: Date | null;
  lastRevisionId: string | null;
  lastCommit: string | null;
  paths: PathIds;
  lastJobId: string | null;
  /** Where the last import or export fetched (no credentials), its ref and project directory: a webhook's import reuses them. */
  fetchUrl: string | null;
  ref: string | null;
  projectDir: string;
  /** Repository-relative directory of the content as the last import found it (null before one). */
  contentRoot: string | null;
  /** Sealed; null when no webhook is set. */
  webhookSecret: string | null;
  webhookUserId: string | null;
  updatedAt: Date;
}

interface Raw {
  space_id: string;
  organization_id: string;
  repo_url: string;
  repo_name: string;
  provider: string;
  tree_url: string | null;
  last_timestamp: Date | null;
  last_revision_id: string | null;
  last_commit: string | null;
  paths: PathIds | Record<string, never>;
  last_job_id: string | null;
  fetch_url: string | null;
  ref: string | null;
  project_dir: string;
  content_root: string | null;
  webhook_secret: string | null;
  webhook_user_id: string | null;
  updated_at: Date;
}

@Injectable()
export class SyncStateRepository {
  constructor(private readonly db: DataSource) {}

  async find(spaceId: string, manager: EntityManager = this.db.manager, lock = false): Promise<SyncState | null> {
    const rows: Raw[] = await manager.query(`SELECT * FROM sync_states WHERE space_id = $1${lock ? ' FOR UPDATE' : ''}`, [spaceId]);
    return rows[0] ? fromRaw(rows[0]) : null;
  }

  /** Records the repository a space syncs with and the job now queued for it. */
  async upsertTarget(
    manager: EntityManager,
    state: Pick<
      SyncState,
      'spaceId' | 'organizationId' | 'repoUrl' | 'repoName' | 'provider' | 'treeUrl' | 'lastJobId' | 'fetchUrl' | 'ref' | 'projectDir'
    >,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO sync_states (space_id, organization_id, repo_url, repo_name, provider, tree_url, last_job_id, fetch_url, ref, project_dir, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
       ON CONFLICT (space_id) DO UPDATE SET repo_url = EXCLUDED.repo_url, repo_name = EXCLUDED.repo_name, provider = EXCLUDED.provider,
         tree_url = EXCLUDED.tree_url, last_job_id = EXCLUDED.last_job_id, fetch_url = EXCLUDED.fetch_url, ref = EXCLUDED.ref,
         project_dir = EXCLUDED.project_dir, updated_at = now()`,
      [
        state.spaceId,
        state.organizationId,
        state.repoUrl,
        state.repoName,
        state.provider,
        state.treeUrl,
        state.lastJobId,
        state.fetchUrl,
        state.ref,
        state.projectDir,
      ],
    );
  }

  /** A webhook's import was queued: it is now the space's last job. */
  async setLastJob(manager: EntityManager, spaceId: string, jobId: string): Promise<void> {
    await manager.query('UPDATE sync_states SET last_job_id = $2, updated_at = now() WHERE space_id = $1', [spaceId, jobId]);
  }

  /** Sets (or, with null, removes) the sealed webhook secret and who set it. */
  async setWebhook(spaceId: string, sealedSecret: string | null, userId: string | null): Promise<void> {
    await this.db.query('UPDATE sync_states SET webhook_secret = $2, webhook_user_id = $3, updated_at = now() WHERE space_id = $1', [
      spaceId,
      sealedSecret,
      userId,
    ]);
  }

  /**
   * After a sync: the event's timestamp (kept when older), the revision, the commit, the path ids
   * and, from an import, the content root (an export keeps the one recorded).
   */
  async recordSync(
    manager: EntityManager,
    spaceId: string,
    sync: { timestamp: Date | null; revisionId: string; commit: string; paths: PathIds; contentRoot?: string },
  ): Promise<void> {
    await manager.query(
      `UPDATE sync_states SET last_timestamp = GREATEST(last_timestamp, $2), last_revision_id = $3, last_commit = $4, paths = $5,
         content_root = COALESCE($6, content_root), updated_at = now()
       WHERE space_id = $1`,
      [spaceId, sync.timestamp, sync.revisionId, sync.commit, JSON.stringify(sync.paths), sync.contentRoot ?? null],
    );
  }

  async delete(spaceId: string): Promise<void> {
    await this.db.query('DELETE FROM sync_states WHERE space_id = $1', [spaceId]);
  }
}

function fromRaw(raw: Raw): SyncState {
  const paths = raw.paths as Partial<PathIds>;
  return {
    spaceId: raw.space_id,
    organizationId: raw.organization_id,
    repoUrl: raw.repo_url,
    repoName: raw.repo_name,
    provider: raw.provider,
    treeUrl: raw.tree_url,
    lastTimestamp: raw.last_timestamp,
    lastRevisionId: raw.last_revision_id,
    lastCommit: raw.last_commit,
    paths: {
      pages: paths.pages ?? {},
      files: paths.files ?? {},
      ...(paths.reusableContents ? { reusableContents: paths.reusableContents } : {}),
    },
    lastJobId: raw.last_job_id,
    fetchUrl: raw.fetch_url,
    ref: raw.ref,
    projectDir: raw.project_dir,
    contentRoot: raw.content_root ?? null,
    webhookSecret: raw.webhook_secret,
    webhookUserId: raw.webhook_user_id,
    updatedAt: raw.updated_at,
  };
}
