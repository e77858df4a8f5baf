import { NatsEnv } from '@bindery/platform';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

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
   * only the revision tag crosses NATS when nothing changed). Content's events make a merge show
   * at once; this bounds staleness when an event is missed (a NATS reconnect).
   */
  @IsInt()
  @Min(0)
  READER_REVALIDATE_MS: number = 30_000;

  /** The gateway's public URL: file download links in pages point there (content signs them for it). */
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*[^/\s])?$/, { message: 'must be an http(s) URL without a trailing slash' })
  READER_API_URL: string = 'http://127.0.0.1:8080';

  /** How long a published-site lookup answer is reused at most (sites' events clear it at once). */
  @IsInt()
  @Min(0)
  READER_SITE_TTL_MS: number = 30_000;

  /**
   * Requests one client address may make per minute (pages, search, assets), per replica; beyond
   * it a 429 with Retry-After. 0 turns the limit off. Behind a proxy, set READER_TRUST_PROXY so
   * the address is the visitor's, not the proxy's.
   */
  @IsInt()
  @Min(0)
  READER_RATE_LIMIT_PER_MINUTE: number = 600;

  /** Behind a TLS-terminating proxy: trust X-Forwarded-* for scheme and host. */
  @IsOptional()
  @IsIn(['true', 'false'])
  READER_TRUST_PROXY?: 'true' | 'false';

  /** Worker threads writing pages as Markdown (`<page>.md`), started when needed: that work stays off the event loop. */
  @IsInt()
  @Min(1)
  @Max(64)
  READER_MARKDOWN_THREADS: number = 1;
}
