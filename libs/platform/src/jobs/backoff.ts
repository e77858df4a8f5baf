import type { BackoffOptions } from './job';

/**
 * Delay before the attempt after a failed `attempt` (1-based): exponential from `initialMs`,
 * capped at `maxMs`, with up to 10% taken off at random so jobs that failed together (a
 * dependency was down) do not all come back in the same instant.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponential = options.initialMs * options.factor ** Math.max(0, attempt - 1);
  const capped = Math.min(options.maxMs, exponential);
  return Math.round(capped * (1 - 0.1 * random()));
}
