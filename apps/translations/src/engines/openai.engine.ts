import { type TranslationLanguage, TRANSLATION_LANGUAGES } from '@bindery/contracts';
import { EngineError, engineFetch, jsonOrEngineError, type TranslateRequest, type TranslationEngine } from './engine';

const BATCH = 40;

/**
 * An OpenAI-compatible chat endpoint: `POST {base}/chat/completions` with `Authorization: Bearer
 * <key>`, `{model, temperature: 0, response_format: {type: "json_object"}, messages}`; the model
 * is asked for `{"translations": [...]}`, one per input, tags kept. The instructions' free
 * guidance goes in the system message.
 */
export class OpenAiEngine implements TranslationEngine {
  readonly name = 'openai';

  constructor(
    private readonly url: string,
    private readonly apiKey: string | undefined,
    private readonly model: string,
    private readonly timeoutMs: number,
  ) {}

  supports(from: TranslationLanguage, to: TranslationLanguage): Promise<boolean> {
    return Promise.resolve(this.apiKey !== undefined && TRANSLATION_LANGUAGES.includes(from) && TRANSLATION_LANGUAGES.includes(to));
  }

  async translate(request: TranslateRequest): Promise<string[]> {
    if (!this.apiKey) throw new EngineError('openai: OPENAI_API_KEY is not set', false);
    const out: string[] = [];
    for (let i = 0; i < request.segments.length; i += BATCH) out.push(...(await this.batch(request, request.segments.slice(i, i + BATCH))));
    return out;
  }

  private async batch(request: TranslateRequest, segments: string[]): Promise<string[]> {
    const system = [
      `Translate each string of the JSON array "texts" from language "${request.from}" to language "${request.to}".`,
      'Strings are HTML fragments: keep every tag (<span data-m>, <a data-m>, <img data-x>) with its attributes, around the words it wraps.',
      'Answer with a JSON object {"translations": [...]} holding exactly one translated string per input, in order.',
      request.guidance ? `Follow these instructions:\n${request.guidance}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    const response = await engineFetch(
      this.name,
      `${this.url.replace(/\/$/, '')}/chat/completions`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${this.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: this.model,
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: JSON.stringify({ texts: segments }) },
          ],
        }),
      },
      this.timeoutMs,
      request.signal,
    );
    const json = (await jsonOrEngineError(this.name, response)) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = json.choices?.[0]?.message?.content;
    let translations: unknown;
    try {
      translations = typeof content === 'string' ? (JSON.parse(content) as { translations?: unknown }).translations : undefined;
    } catch {
      translations = undefined;
    }
    if (!Array.isArray(translations) || translations.length !== segments.length || translations.some((t) => typeof t !== 'string')) {
      // A model that miscounts may do better on a second try.
      throw new EngineError(`openai: the answer did not hold ${segments.length} translations`, true);
    }
    return translations as string[];
  }
}
