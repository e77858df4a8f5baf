import type { TranslationLanguage } from '@bindery/contracts';
import { EngineError, engineFetch, jsonOrEngineError, type TranslateRequest, type TranslationEngine } from './engine';

/** LibreTranslate's codes where they differ from the API's. */
const CODES: Partial<Record<TranslationLanguage, string>> = { 'pt-br': 'pb', 'zh-tw': 'zt', no: 'nb' };
const codeOf = (language: TranslationLanguage): string => CODES[language] ?? language;

const BATCH = 50;

/**
 * LibreTranslate: `GET /languages` → `[{code, targets}]`; `POST /translate` with JSON
 * `{q: [...], source, target, format: "html", api_key}` → `{translatedText: [...]}`.
 */
export class LibreTranslateEngine implements TranslationEngine {
  readonly name = 'libretranslate';
  private languages?: Promise<Map<string, Set<string>>>;

  constructor(
    private readonly url: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs: number,
  ) {}

  async supports(from: TranslationLanguage, to: TranslationLanguage): Promise<boolean> {
    const languages = await this.listLanguages();
    return languages.get(codeOf(from))?.has(codeOf(to)) ?? false;
  }

  async translate(request: TranslateRequest): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < request.segments.length; i += BATCH) {
      const q = request.segments.slice(i, i + BATCH);
      const body = {
        q,
        source: codeOf(request.from),
        target: codeOf(request.to),
        format: 'html',
        ...(this.apiKey ? { api_key: this.apiKey } : {}),
      };
      const response = await engineFetch(
        this.name,
        `${this.base()}/translate`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        this.timeoutMs,
        request.signal,
      );
      const json = (await jsonOrEngineError(this.name, response)) as { translatedText?: unknown };
      const texts = json.translatedText;
      if (!Array.isArray(texts) || texts.length !== q.length || texts.some((t) => typeof t !== 'string')) {
        throw new EngineError(`libretranslate: expected ${q.length} translations`, true);
      }
      out.push(...(texts as string[]));
    }
    return out;
  }

  private base(): string {
    return this.url.replace(/\/$/, '');
  }

  private listLanguages(): Promise<Map<string, Set<string>>> {
    this.languages ??= (async () => {
      const response = await engineFetch(this.name, `${this.base()}/languages`, {}, this.timeoutMs);
      const json = (await jsonOrEngineError(this.name, response)) as Array<{ code: string; targets?: string[] }>;
      return new Map(json.map((l) => [l.code, new Set(l.targets ?? [])]));
    })();
    this.languages.catch(() => (this.languages = undefined));
    return this.languages;
  }
}
