import { logger } from '../logging/logger';

/**
 * Runs an entry point; a bad environment or a failed start prints one clear line and exits 1
 * instead of an unhandled rejection.
 */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    if (error instanceof Error && error.name === 'ConfigError') {
      process.stderr.write(`${error.message}\n`);
    } else {
      logger.fatal({ err: error }, 'failed to start');
    }
    process.exit(1);
  });
}
