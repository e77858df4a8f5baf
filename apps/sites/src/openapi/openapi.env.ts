import { IsAddressList, ServiceEnv } from '@bindery/platform';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/**
 * Settings of OpenAPI spec processing (the sites service and its worker read them). `SitesEnv`
 * extends this class so that the stack passes these variables through.
 */
export class OpenApiEnv extends ServiceEnv {
  /**
   * Hosts (by name), IP addresses and CIDR ranges a spec's URL may point at even though they are
   * private, loopback or otherwise not public; comma-separated, empty by default.
   */
  @IsOptional()
  @IsAddressList()
  OPENAPI_FETCH_ALLOW_PRIVATE_HOSTS?: string;

  /**
   * Time for fetching every file of one spec (the entry and the files its `$ref`s name), in ms:
   * enough for thousands of files from a distant host.
   */
  @IsInt({ message: 'must be a whole number of milliseconds' })
  @Min(100)
  @Max(600_000)
  OPENAPI_FETCH_TIMEOUT_MS: number = 60_000;

  /**
   * Time one spec may take to parse, bundle and validate (in a worker thread), in ms, on top of
   * OPENAPI_FETCH_TIMEOUT_MS: a spec over it fails with a clear error, and is not retried.
   */
  @IsInt({ message: 'must be a whole number of milliseconds' })
  @Min(100)
  @Max(600_000)
  OPENAPI_PROCESS_TIMEOUT_MS: number = 60_000;

  /**
   * Heap of the thread that processes one spec, in MB: a spec that needs more fails with a clear
   * error. A description of 64 MiB needs about 1.5 GB parsed, bundled and serialised; a worker
   * runs two such threads.
   */
  @IsInt({ message: 'must be a whole number of MB' })
  @Min(64)
  @Max(16_384)
  OPENAPI_PROCESS_MEMORY_MB: number = 2048;

  /** Largest spec (all its files together), and largest bundled document, in bytes: the biggest real descriptions reach 64 MiB. */
  @IsInt({ message: 'must be a whole number of bytes' })
  @Min(1024)
  @Max(1024 * 1024 * 1024)
  OPENAPI_MAX_BYTES: number = 96 * 1024 * 1024;

  /** Files one spec may span (the entry included): real descriptions are split over thousands. */
  @IsInt({ message: 'must be a whole number of files' })
  @Min(1)
  @Max(100_000)
  OPENAPI_MAX_FILES: number = 10_000;

  /** Attempts of a processing whose fetch failed before the failure is final. */
  @IsInt({ message: 'must be a whole number of attempts' })
  @Min(1)
  @Max(20)
  OPENAPI_MAX_ATTEMPTS: number = 4;

  /** Delay before the second attempt, doubling after (capped at 5 minutes), in ms. */
  @IsInt({ message: 'must be a whole number of milliseconds' })
  @Min(100)
  @Max(600_000)
  OPENAPI_RETRY_BACKOFF_MS: number = 2000;

  /**
   * How often URL specs are fetched again (every file of the spec asked for conditionally: an
   * unchanged source costs one 304 per file and no processing), in ms; 0, the default, never.
   */
  @IsInt({ message: 'must be a whole number of milliseconds' })
  @Min(0)
  @Max(30 * 24 * 3600_000)
  OPENAPI_REFRESH_INTERVAL_MS: number = 0;
}
