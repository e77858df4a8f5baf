import { NatsEnv } from '@bindery/platform';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** The reader's environment; validated at start, a bad variable stops it with the variable's name. */
export class ReaderEnv extends NatsEnv {
  @IsInt()
  @Min(0)
  @Max(65535)
  READER_PORT: number = 8090;

  @IsString()
  READER_HOST: string = '127.0.0.1';

  /** Memory for rendered pages. */
  @IsInt()
  @Min(0)
  READER_CACHE_MB: number = 128;

  /**
   * How long a space's published revision is trusted before asking content again (a cheap call:
   * only the revision tag crosses NATS when nothing changed). A merge shows within this time.
   */
  @IsInt()
  @Min(0)
  READER_REVALIDATE_MS: number = 2000;

  /** `demo`: also serve the built-in demo site at /demo/docs (local use, and until sites publishes). */
  @IsOptional()
  @IsIn(['demo', 'none'])
  READER_FIXTURES?: 'demo' | 'none';

  /** Behind a TLS-terminating proxy: trust X-Forwarded-* for scheme and host. */
  @IsOptional()
  @IsIn(['true', 'false'])
  READER_TRUST_PROXY?: 'true' | 'false';
}
