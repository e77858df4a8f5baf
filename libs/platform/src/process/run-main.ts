import { logger } from '../logging/logger';
import { entryHost } from './entry-host';

/**
 * Runs an entry point; a bad environment or a failed start prints one clear line and exits 1
 * instead of an unhandled rejection. Under an `EntryHost` the host runs it instead.
 */
export function runMain(main: () => Promise<unknown>): void {
  // Composed with other apps in one process (apps/all-in-one): the host starts it and handles failure.
  const host = entryHost();
  if (host) return host.start(main);
  main().catch((error: unknown) => {
    if (error instanceof Error && error.name === 'ConfigError') {
      process.stderr.write(`${error.message}\n`);
    } else {
      logger.fatal({ err: error }, 'failed to start');
    }
    process.exit(1);
  });
}
