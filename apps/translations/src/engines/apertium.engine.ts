import type { TranslationLanguage } from '@bindery/contracts';
import { EngineError, engineFetch, jsonOrEngineError, type TranslateRequest, type TranslationEngine } from './engine';
import { type LanguagePair, shortestRoute } from './language-pairs';

/** API languages → Apertium's ISO 639-3 codes (the pairs installed decide what is possible). */
const APERTIUM_CODES: Partial<Record<TranslationLanguage, string>> = {
  en: 'eng',
  es: 'spa',
  fr: 'fra',
  de: 'deu',
  it: 'ita',
  pt: 'por',
  'pt-br': 'por_BR',
  ru: 'rus',
  nl: 'nld',
  pl: 'pol',
  sv: 'swe',
  no: 'nob',
  da: 'dan',
  fi: 'fin',
  el: 'ell',
  cs: 'ces',
  hu: 'hun',
  ro: 'ron',
  tr: 'tur',
  uk: 'ukr',
  sk: 'slk',
  bg: 'bul',
  hr: 'hbs_HR',
  lt: 'lit',
  lv: 'lvs',
  et: 'est',
  sl: 'slv',
  ar: 'ara',
  hi: 'hin',
  id: 'ind',
  ms: 'zlm',
  he: 'heb',
  ja: 'jpn',
  zh: 'zho',
  ko: 'kor',
  th: 'tha',
  vi: 'vie',
};

/** Characters per request: small enough that a page's batches run in parallel, big enough to keep a pipeline busy. */
const BATCH_CHARS = 6_000;
/** Requests of one translation in flight at once (apertium-apy runs several pipelines per pair). */
const PARALLEL_REQUESTS = 3;

/**
 * Apertium's HTTP server (apertium-apy): `GET /listPairs`, `POST /translate` with
 * `langpair=eng|spa`, `format=html` (tags pass through its HTML deformatter) and
 * `markUnknown=no`. A batch of segments goes as one document of `<div data-b>` blocks.
 * Languages with no installed pair are reached through pivot languages: the shortest chain of
 * installed pairs (English → Spanish → French with Debian's apertium-eng-spa and apertium-fr-es).
 */
export class ApertiumEngine implements TranslationEngine {
  readonly name = 'apertium';
  private pairs?: Promise<LanguagePair[]>;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  async supports(from: TranslationLanguage, to: TranslationLanguage): Promise<boolean> {
    return (await this.route(from, to)) !== undefined;
  }

  async translate(request: TranslateRequest): Promise<string[]> {
    const route = await this.route(request.from, request.to);
    if (!route)
      throw new EngineError(
        `apertium cannot translate from "${request.from}" to "${request.to}": no installed language pair, or chain of pairs, reaches it`,
        false,
      );
    let segments = request.segments;
    for (const hop of route) segments = await this.translateHop(`${hop.from}|${hop.to}`, segments, request.signal);
    return segments;
  }

  /** The chain of installed pairs from one language to the other, or undefined when none reaches it. */
  async route(from: TranslationLanguage, to: TranslationLanguage): Promise<LanguagePair[] | undefined> {
    const a = APERTIUM_CODES[from];
    const b = APERTIUM_CODES[to];
    if (!a || !b) return undefined;
    return shortestRoute(await this.listPairs(), a, b);
  }

  private async translateHop(pair: string, segments: string[], signal?: AbortSignal): Promise<string[]> {
    const parts = [...batches(segments)];
    const out: string[][] = parts.map(() => []);
    let next = 0;
    const lanes = Array.from({ length: Math.min(PARALLEL_REQUESTS, parts.length) }, async () => {
      while (next < parts.length) {
        const at = next++;
        out[at] = await this.translateBatch(pair, parts[at], signal);
      }
    });
    await Promise.all(lanes);
    return out.flat();
  }

  private async translateBatch(pair: string, segments: string[], signal?: AbortSignal): Promise<string[]> {
    const document = segments.map((segment, i) => `<div data-b="${i}">${segment}</div>`).join('\n');
    const translated = await this.request(pair, document, signal);
    const found = new Map<number, string>();
    for (const match of translated.matchAll(/<div data-b="(\d+)">([\s\S]*?)<\/div>/g)) found.set(Number(match[1]), match[2]);
    if (found.size === segments.length) return segments.map((_, i) => found.get(i)!);
    // The blocks did not come back whole: one request per segment, slower but exact.
    const out: string[] = [];
    for (const segment of segments) out.push(await this.request(pair, segment, signal));
    return out;
  }

  private async request(pair: string, q: string, signal?: AbortSignal): Promise<string> {
    const body = new URLSearchParams({ langpair: pair, q, format: 'html', markUnknown: 'no' });
    const response = await engineFetch(this.name, `${this.url}/translate`, { method: 'POST', body }, this.timeoutMs, signal);
    const json = (await jsonOrEngineError(this.name, response)) as { responseData?: { translatedText?: unknown }; responseStatus?: number };
    const text = json.responseData?.translatedText;
    if (typeof text !== 'string')
      throw new EngineError(`apertium: unexpected answer (status ${json.responseStatus})`, (json.responseStatus ?? 0) >= 500);
    return text;
  }

  private listPairs(): Promise<LanguagePair[]> {
    this.pairs ??= (async () => {
      const response = await engineFetch(this.name, `${this.url}/listPairs`, {}, this.timeoutMs);
      const json = (await jsonOrEngineError(this.name, response)) as {
        responseData?: Array<{ sourceLanguage: string; targetLanguage: string }>;
      };
      return (json.responseData ?? []).map((p) => ({ from: p.sourceLanguage, to: p.targetLanguage }));
    })();
    // A failed listing is asked again next time rather than remembered.
    this.pairs.catch(() => (this.pairs = undefined));
    return this.pairs;
  }
}

function* batches(segments: string[]): Generator<string[]> {
  let batch: string[] = [];
  let size = 0;
  for (const segment of segments) {
    if (batch.length > 0 && size + segment.length > BATCH_CHARS) {
      yield batch;
      batch = [];
      size = 0;
    }
    batch.push(segment);
    size += segment.length;
  }
  if (batch.length > 0) yield batch;
}
