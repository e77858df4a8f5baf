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
}

export interface GitSyncRpc {
  [GitSyncSubjects.importStart]: { input: GitImportInput; result: Record<string, never> };
  [GitSyncSubjects.exportStart]: { input: GitExportInput; result: Record<string, never> };
  [GitSyncSubjects.infoGet]: { input: GitSpaceRef; result: GitSyncInfo };
  [GitSyncSubjects.legacyInstallationDelete]: { input: GitSpaceRef; result: Record<string, never> };
}
