import { ServiceEnv } from '@bindery/platform';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export const ENGINE_NAMES = ['apertium', 'deepl', 'openai', 'libretranslate'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

const HTTP_URL = /^https?:\/\/\S+$/;

/**
 * Translations' environment (the service and its worker). The engine is chosen by configuration:
 * `TRANSLATION_ENGINE` for everyone, `TRANSLATION_ENGINE_BY_ORG` (`orgId=engine,…`) per
 * organization; a hosted engine needs its URL and the key its owner brings.
 */
export class TranslationsEnv extends ServiceEnv {
  @IsIn(ENGINE_NAMES, { message: `must be one of ${ENGINE_NAMES.join(', ')}` })
  TRANSLATION_ENGINE: EngineName = 'apertium';

  @IsOptional()
  @Matches(/^([A-Za-z0-9_-]+=(apertium|deepl|openai|libretranslate))(,[A-Za-z0-9_-]+=(apertium|deepl|openai|libretranslate))*$/, {
    message: 'must be orgId=engine pairs separated by commas (engines: apertium, deepl, openai, libretranslate)',
  })
  TRANSLATION_ENGINE_BY_ORG?: string;

  /** Apertium's HTTP server (apertium-apy); the stack starts one on loopback. */
  @Matches(HTTP_URL, { message: 'must be the http(s) URL of apertium-apy' })
  APERTIUM_URL: string = 'http://127.0.0.1:2737';

  @IsOptional()
  @Matches(HTTP_URL, { message: 'must be an http(s) URL' })
  DEEPL_URL: string = 'https://api.deepl.com';

  @IsOptional()
  @IsString()
  DEEPL_API_KEY?: string;

  /** Base of an OpenAI-compatible API (`…/v1`): `/chat/completions` is appended. */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'must be an http(s) URL' })
  OPENAI_URL: string = 'https://api.openai.com/v1';

  @IsOptional()
  @IsString()
  OPENAI_API_KEY?: string;

  @IsString()
  OPENAI_MODEL: string = 'gpt-4o-mini';

  @IsOptional()
  @Matches(HTTP_URL, { message: 'must be an http(s) URL' })
  LIBRETRANSLATE_URL: string = 'http://127.0.0.1:5000';

  @IsOptional()
  @IsString()
  LIBRETRANSLATE_API_KEY?: string;

  /** One engine request's time limit; a timeout is retried like a 5xx. */
  @IsInt({ message: 'must be a whole number of milliseconds' })
  @Min(100)
  @Max(600_000)
  TRANSLATION_ENGINE_TIMEOUT_MS: number = 60_000;

  /** How long a run may go without a heartbeat before another worker takes it over (a killed worker's run resumes after it). */
  @IsInt({ message: 'must be a whole number of milliseconds' })
  @Min(1000)
  @Max(600_000)
  TRANSLATION_RUN_ACK_WAIT_MS: number = 30_000;

  /** Engine requests of one run in flight at once. */
  @IsInt({ message: 'must be a whole number' })
  @Min(1)
  @Max(64)
  TRANSLATION_CONCURRENCY: number = 4;
}
