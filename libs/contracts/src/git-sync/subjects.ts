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
  /**
   * Where a published space's pages live in its repository, for the reader's "Edit on Git" link
   * (callerless: the reader asks for spaces it publishes; GitEditLinksInput → GitEditLinks).
   */
  editLinks: 'git-sync.published.edit-links',
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
