import { AppError, PermanentJobError } from '@bindery/platform';
import { FormatError } from '../format/gitbook-config';
import { GitError } from '../git/git-cli';

/** A repository that cannot be imported as it is (an unknown branch, hostile or broken content). */
export class BadRepositoryError extends Error {}

/** The repository is over a cap (bytes, files, time): another attempt would fetch it again for nothing. */
export class LimitError extends BadRepositoryError {}

/** What git says when the remote refuses us or has no such repository: retrying cannot help. */
const GIT_REFUSALS =
  /Authentication failed|could not read Username|HTTP 40[134]|returned error: 40[134]|not found|not appear to be a git repository/i;

/**
 * Sorts a job failure: bad input (a broken `.gitbook.yaml`, a summary entry outside the root, a
 * repository over the caps, an unknown branch, a refused host, content refusing the change) fails
 * once with its reason; anything else (a network error, a service restarting) is retried.
 */
export function classifyFailure(error: unknown): unknown {
  if (error instanceof PermanentJobError) return error;
  const permanent =
    error instanceof FormatError ||
    error instanceof BadRepositoryError ||
    (error instanceof AppError && error.code >= 400 && error.code < 500) ||
    (error instanceof GitError && GIT_REFUSALS.test(error.message));
  return permanent ? new PermanentJobError(error.message) : error;
}

/** Runs a job body and sorts its failure (see classifyFailure). */
export async function sortingFailures(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    throw classifyFailure(error);
  }
}
