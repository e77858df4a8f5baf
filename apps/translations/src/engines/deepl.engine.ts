import type { TranslationLanguage } from '@bindery/contracts';
import { EngineError, engineFetch, jsonOrEngineError, type TranslateRequest, type TranslationEngine } from './engine';

/** DeepL's target codes for the API's languages (source codes are the part before the dash). */
const DEEPL_TARGETS: Partial<Record<TranslationLanguage, string>> = {
  en: 'EN-US',
  fr: 'FR',
  de: 'DE',
  es: 'ES',
  it: 'IT',
  pt: 'PT-PT',
  'pt-br': 'PT-BR',
  ru: 'RU',
  ja: 'JA',
  zh: 'ZH-HANS',
  'zh-tw': 'ZH-HANT',
  ko: 'KO',
  ar: 'AR',
  nl: 'NL',
  pl: 'PL',
  tr: 'TR',
  sv: 'SV',
  no: 'NB',
  da: 'DA',
  fi: 'FI',
  el: 'EL',
  cs: 'CS',
  hu: 'HU',
  ro: 'RO',
  id: 'ID',
  uk: 'UK',
  sk: 'SK',
  bg: 'BG',
  lt: 'LT',
  lv: 'LV',
  et: 'ET',
  sl: 'SL',
  he: 'HE',
  th: 'TH',
  vi: 'VI',
};

/** Texts per request (DeepL accepts up to 50). */
const BATCH = 50;

/**
 * DeepL API v2: `POST /v2/translate` with `Authorization: DeepL-Auth-Key <key>` and a JSON body
 * `{text: [...], source_lang, target_lang, tag_handling: "html"}`, answering
 * `{translations: [{detected_source_language, text}]}` in order.
 */
export class DeepLEngine implements TranslationEngine {
  readonly name = 'deepl';

  constructor(
    private readonly url: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs: number,
  ) {}

  supports(from: TranslationLanguage, to: TranslationLanguage): Promise<boolean> {
    return Promise.resolve(this.apiKey !== undefined && DEEPL_TARGETS[from] !== undefined && DEEPL_TARGETS[to] !== undefined);
  }

  async translate(request: TranslateRequest): Promise<string[]> {
    if (!this.apiKey) throw new EngineError('deepl: DEEPL_API_KEY is not set', false);
    const out: string[] = [];
    for (let i = 0; i < request.segments.length; i += BATCH) {
      const text = request.segments.slice(i, i + BATCH);
      const response = await engineFetch(
        this.name,
        `${this.url.replace(/\/$/, '')}/v2/translate`,
        {
          method: 'POST',
          headers: { authorization: `DeepL-Auth-Key ${this.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            text,
            source_lang: DEEPL_TARGETS[request.from]!.split('-')[0],
            target_lang: DEEPL_TARGETS[request.to],
            tag_handling: 'html',
          }),
        },
        this.timeoutMs,
        request.signal,
      );
      const json = (await jsonOrEngineError(this.name, response)) as { translations?: Array<{ text?: unknown }> };
      const texts = (json.translations ?? []).map((t) => t.text);
      if (texts.length !== text.length || texts.some((t) => typeof t !== 'string')) {
        throw new EngineError(`deepl: expected ${text.length} translations, got ${texts.length}`, true);
      }
      out.push(...(texts as string[]));
    }
    return out;
  }
}
