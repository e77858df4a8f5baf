import { healthSubject } from '../health';

/** Request subjects of the git-sync context (`git-sync.<aggregate>.<verb>`). */
export const GitSyncSubjects = {
  health: healthSubject('git-sync'),
  /** importGitRepository: checks the caller and queues an import job (GitImportInput → void). */
  importStart: 'git-sync.import.start',
  /** exportToGitRepository: queues an export job (GitExportInput → void). */
  exportStart: 'git-sync.export.start',
  /** getSpaceGitInfo (GitSpaceRef → GitSyncInfo). */
  infoGet: 'git-sync.info.get',
  /** Removes the legacy installation of a space (GitSpaceRef → void; also when absent). */
  legacyInstallationDelete: 'git-sync.legacy-installation.delete',
  /** Sets or rotates the space's push webhook secret (admin; GitWebhookSecretInput → GitWebhookSecret). */
  webhookSet: 'git-sync.webhook.set',
  /** Removes the push webhook (admin; GitSpaceRef → void, also when absent). */
  webhookDelete: 'git-sync.webhook.delete',
  /**
   * A push delivery from GitHub or GitLab (callerless: its HMAC signature or token, checked against
   * the space's secret, is the authorisation) → GitWebhookResult.
   */
  webhookReceive: 'git-sync.webhook.receive',
} as const;

/** The git-sync job types (JetStream `jobs.<type>`). */
export const GitSyncJobs = {
  import: 'git-sync.import',
  export: 'git-sync.export',
} as const;

export interface GitSpaceRef {
  spaceId: string;
}

interface GitOperationInput extends GitSpaceRef {
  /** May carry basic-auth credentials: used for the fetch only, never stored nor logged. */
  url: string;
  ref: string;
  repoCacheID?: string;
  repoTreeURL?: string;
  repoCommitURL?: string;
  repoProjectDirectory?: string;
  timestamp?: string;
  force?: boolean;
  gitInfo?: { provider?: string; url?: string };
}

export interface GitImportInput extends GitOperationInput {
  standalone?: boolean;
}

export interface GitExportInput extends GitOperationInput {
  commitMessage: string;
}

/** The official GitSyncState, with the spec's fields (repoName, installationProvider, integration, url, updatedAt). */
export interface GitSyncInfo {
  repoName: string;
  installationId: string;
  installationProvider: 'github' | 'gitlab' | 'github-legacy';
  installationStatus: 'active' | 'pending' | 'unauthenticated';
  integration: string;
  url: string;
  updatedAt: string;
  operation?: {
    state: 'running' | 'success' | 'failure' | 'timeout';
    direction: 'import' | 'export';
    startedAt: string;
    endedAt?: string;
    error?: string;
  };
  /** Bindery: the last job in full (admins of the space only). */
  job?: GitSyncJobDetails;
  /** Bindery: whether a push webhook is set (admins of the space only). */
  webhook?: { configured: boolean };
}

export interface GitWebhookSecretInput extends GitSpaceRef {
  /** A secret of the admin's choice (GitLab's token field); generated when absent. */
  secret?: string;
}

/** Shown once, when set: the URL to give GitHub/GitLab and the secret to sign with. */
export interface GitWebhookSecret {
  url: string;
  secret: string;
}

export interface GitWebhookDelivery extends GitSpaceRef {
  /** The delivery's headers that matter (signature, token, event name), names in lower case. */
  headers: Record<string, string>;
  /** The body exactly as received (the signature covers these bytes), base64. */
  bodyBase64: string;
}

export interface GitWebhookResult {
  scheduled: boolean;
  /** Why nothing was scheduled (a ping, another branch, a deleted branch). */
  reason?: string;
}

/** Bindery's extra details on a space's git sync, for its admins (GitSyncState allows more fields). */
export interface GitSyncJobDetails {
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  progress: number | null;
  /** The job's notes (what was reported: missing files, unresolved links, a skipped stale event). */
  message: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface GitSyncRpc {
  [GitSyncSubjects.importStart]: { input: GitImportInput; result: Record<string, never> };
  [GitSyncSubjects.exportStart]: { input: GitExportInput; result: Record<string, never> };
  [GitSyncSubjects.infoGet]: { input: GitSpaceRef; result: GitSyncInfo };
  [GitSyncSubjects.legacyInstallationDelete]: { input: GitSpaceRef; result: Record<string, never> };
  [GitSyncSubjects.webhookSet]: { input: GitWebhookSecretInput; result: GitWebhookSecret };
  [GitSyncSubjects.webhookDelete]: { input: GitSpaceRef; result: Record<string, never> };
  [GitSyncSubjects.webhookReceive]: { input: GitWebhookDelivery; result: GitWebhookResult };
}
