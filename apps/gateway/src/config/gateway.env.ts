import { NatsEnv } from '@bindery/platform';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** The gateway's environment; validated at start, a bad variable stops it with the variable's name. */
export class GatewayEnv extends NatsEnv {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 8080;

  @IsString()
  HOST: string = '127.0.0.1';

  /** Public base URL used in `urls` objects (no trailing slash). */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*[^/\s])?$/, { message: 'must be an http(s) URL without a trailing slash' })
  PUBLIC_URL?: string;

  /**
   * How long a change-request batch may take: it may fetch files from URLs (content's
   * FETCH_TIMEOUT_MS) before it saves, so it gets longer than other requests.
   */
  @IsInt()
  @Min(100)
  CONTENT_EDIT_TIMEOUT_MS: number = 15_000;

  /** How long rendering a PDF export (up to 500 pages, content's cap) may take. */
  @IsInt()
  @Min(100)
  PDF_RENDER_TIMEOUT_MS: number = 30_000;

  /** How long a verified token is trusted without asking identity again. */
  @IsInt()
  @Min(0)
  TOKEN_CACHE_TTL_MS: number = 10_000;

  /** Largest accepted request body. */
  @IsInt()
  @Min(1024)
  BODY_LIMIT_BYTES: number = 5 * 1024 * 1024;

  /** Memory for serialised page trees (a 10,000-page space's tree is ~20 MB); 0 disables the cache. */
  @IsInt()
  @Min(0)
  PAGE_TREE_CACHE_MB: number = 256;

  /** Rate limits count requests per window of this length, shared by every gateway replica (NATS KV). */
  @IsInt()
  @Min(1000)
  RATE_LIMIT_WINDOW_MS: number = 60_000;

  /** Requests per window with one bearer token on the API; 0 turns the limit off. */
  @IsInt()
  @Min(0)
  RATE_LIMIT_PER_TOKEN: number = 6000;

  /** Requests per window from one client address on public routes (SSO, downloads) and without a token; 0: off. */
  @IsInt()
  @Min(0)
  RATE_LIMIT_PER_ADDRESS: number = 600;
}
