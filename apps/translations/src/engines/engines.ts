import type { TranslationsEnv, EngineName } from '../config/translations.env';
import { ApertiumEngine } from './apertium.engine';
import { DeepLEngine } from './deepl.engine';
import type { TranslationEngine } from './engine';
import { LibreTranslateEngine } from './libretranslate.engine';
import { OpenAiEngine } from './openai.engine';
import { CachingEngine } from './segment-cache';

/** The configured engines (each remembering the segments it translated), and which one an organization uses (per-organization setting, else the default). */
export class Engines {
  private readonly engines: Record<EngineName, TranslationEngine>;
  private readonly byOrg: Map<string, EngineName>;

  constructor(private readonly env: TranslationsEnv) {
    const timeout = env.TRANSLATION_ENGINE_TIMEOUT_MS;
    this.engines = {
      apertium: new CachingEngine(new ApertiumEngine(env.APERTIUM_URL, timeout)),
      deepl: new CachingEngine(new DeepLEngine(env.DEEPL_URL, env.DEEPL_API_KEY, timeout)),
      openai: new CachingEngine(new OpenAiEngine(env.OPENAI_URL, env.OPENAI_API_KEY, env.OPENAI_MODEL, timeout)),
      libretranslate: new CachingEngine(new LibreTranslateEngine(env.LIBRETRANSLATE_URL, env.LIBRETRANSLATE_API_KEY, timeout)),
    };
    this.byOrg = new Map(
      (env.TRANSLATION_ENGINE_BY_ORG ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => pair.split('=') as [string, EngineName]),
    );
  }

  forOrganization(organizationId: string): TranslationEngine {
    return this.engines[this.byOrg.get(organizationId) ?? this.env.TRANSLATION_ENGINE];
  }
}
