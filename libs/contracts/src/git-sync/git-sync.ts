import type { GitSyncSubjects } from './subjects';

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

/** A published space of an organization (the space must belong to it). */
export interface GitEditLinksInput extends GitSpaceRef {
  organizationId: string;
}

/** How to reach each page's file in the repository's web view (no credentials). */
export interface GitEditLinks {
  provider: 'github' | 'gitlab';
  /** The web address files are edited under: repository, branch and content root, ending in `/`. */
  editBase: string;
  /** Each page's file, relative to `editBase`, by page id (pages the last sync wrote or read). */
  pages: Record<string, string>;
}

export interface GitSyncRpc {
  [GitSyncSubjects.importStart]: { input: GitImportInput; result: Record<string, never> };
  [GitSyncSubjects.exportStart]: { input: GitExportInput; result: Record<string, never> };
  [GitSyncSubjects.infoGet]: { input: GitSpaceRef; result: GitSyncInfo };
  [GitSyncSubjects.editLinks]: { input: GitEditLinksInput; result: GitEditLinks };
  [GitSyncSubjects.legacyInstallationDelete]: { input: GitSpaceRef; result: Record<string, never> };
  [GitSyncSubjects.webhookSet]: { input: GitWebhookSecretInput; result: GitWebhookSecret };
  [GitSyncSubjects.webhookDelete]: { input: GitSpaceRef; result: Record<string, never> };
  [GitSyncSubjects.webhookReceive]: { input: GitWebhookDelivery; result: GitWebhookResult };
}
