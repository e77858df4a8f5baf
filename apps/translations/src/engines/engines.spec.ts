import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApertiumEngine } from './apertium.engine';
import { DeepLEngine } from './deepl.engine';
import { EngineError } from './engine';
import { LibreTranslateEngine } from './libretranslate.engine';
import { OpenAiEngine } from './openai.engine';
import { withRetries } from './retry';

/** A loopback HTTP server answering with `handle`; records every request. */
async function wireServer(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handle(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** A pretend translation that keeps tags: words outside tags are upper-cased. */
const shout = (markup: string) => markup.replace(/(^|>)([^<]*)/g, (_, close: string, words: string) => close + words.toUpperCase());

const fast = { attempts: 4, initialMs: 1, maxMs: 5 };

describe('DeepL adapter (API v2 wire format)', () => {
  it('sends texts with the key, languages and html tag handling, and retries a 429 and a 503', async () => {
    let calls = 0;
    const server = await wireServer((req, body, res) => {
      calls++;
      if (calls === 1) return json(res, 429, { message: 'Too many requests' }, { 'retry-after': '0' });
      if (calls === 2) return json(res, 503, { message: 'busy' });
      const { text } = JSON.parse(body) as { text: string[] };
      json(res, 200, { translations: text.map((t) => ({ detected_source_language: 'EN', text: shout(t) })) });
    });
    try {
      const engine = new DeepLEngine(server.url, 'secret-key', 5000);
      expect(await engine.supports('en', 'de')).toBe(true);
      expect(await engine.supports('en', 'yue')).toBe(false);
      const out = await withRetries(
        () => engine.translate({ from: 'en', to: 'pt-br', segments: ['a <span data-m="0">b</span>', 'c'] }),
        fast,
      );
      expect(out).toEqual(['A <span data-m="0">B</span>', 'C']);
      const last = server.requests[2];
      expect(last).toMatchObject({ method: 'POST', url: '/v2/translate' });
      expect(last.headers.authorization).toBe('DeepL-Auth-Key secret-key');
      expect(JSON.parse(last.body)).toEqual({
        text: ['a <span data-m="0">b</span>', 'c'],
        source_lang: 'EN',
        target_lang: 'PT-BR',
        tag_handling: 'html',
      });
    } finally {
      await server.close();
    }
  });

  it('gives up on a 403 at once (not retryable)', async () => {
    const server = await wireServer((_req, _body, res) => json(res, 403, { message: 'Wrong key' }));
    try {
      const engine = new DeepLEngine(server.url, 'bad', 5000);
      const error = await withRetries(() => engine.translate({ from: 'en', to: 'de', segments: ['x'] }), fast).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).retryable).toBe(false);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('LibreTranslate adapter', () => {
  it('lists languages, translates arrays in html format with the api key', async () => {
    const server = await wireServer((req, body, res) => {
      if (req.url === '/languages') return json(res, 200, [{ code: 'en', name: 'English', targets: ['en', 'es', 'pb'] }]);
      const { q } = JSON.parse(body) as { q: string[] };
      json(res, 200, { translatedText: q.map(shout) });
    });
    try {
      const engine = new LibreTranslateEngine(server.url, 'lt-key', 5000);
      expect(await engine.supports('en', 'pt-br')).toBe(true);
      expect(await engine.supports('en', 'fr')).toBe(false);
      expect(await engine.translate({ from: 'en', to: 'es', segments: ['hello <a data-m="1">you</a>'] })).toEqual([
        'HELLO <a data-m="1">YOU</a>',
      ]);
      expect(JSON.parse(server.requests[1].body)).toEqual({
        q: ['hello <a data-m="1">you</a>'],
        source: 'en',
        target: 'es',
        format: 'html',
        api_key: 'lt-key',
      });
    } finally {
      await server.close();
    }
  });
});

describe('OpenAI-compatible adapter (chat completions)', () => {
  it('asks for a JSON object of translations with the guidance, and retries an answer of the wrong length', async () => {
    let calls = 0;
    const server = await wireServer((_req, body, res) => {
      calls++;
      const request = JSON.parse(body) as { messages: Array<{ role: string; content: string }> };
      const { texts } = JSON.parse(request.messages[1].content) as { texts: string[] };
      const translations = calls === 1 ? texts.slice(1) : texts.map(shout);
      json(res, 200, {
        id: 'c1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ translations }) }, finish_reason: 'stop' }],
      });
    });
    try {
      const engine = new OpenAiEngine(`${server.url}/v1`, 'sk-test', 'tiny-model', 5000);
      const out = await withRetries(
        () => engine.translate({ from: 'en', to: 'fr', segments: ['one', 'two <img data-x="0">'], guidance: 'Use a formal tone.' }),
        fast,
      );
      expect(out).toEqual(['ONE', 'TWO <img data-x="0">']);
      const request = server.requests[1];
      expect(request.url).toBe('/v1/chat/completions');
      expect(request.headers.authorization).toBe('Bearer sk-test');
      const sent = JSON.parse(request.body) as { model: string; temperature: number; messages: Array<{ content: string }> };
      expect(sent).toMatchObject({ model: 'tiny-model', temperature: 0 });
      expect(sent.messages[0].content).toContain('Use a formal tone.');
    } finally {
      await server.close();
    }
  });
});

describe('Apertium adapter (apertium-apy wire format)', () => {
  it('lists pairs, sends a batch as one html document and splits the answer', async () => {
    const server = await wireServer((req, body, res) => {
      if (req.url === '/listPairs')
        return json(res, 200, { responseData: [{ sourceLanguage: 'eng', targetLanguage: 'spa' }], responseStatus: 200 });
      const q = new URLSearchParams(body).get('q')!;
      json(res, 200, { responseData: { translatedText: shout(q) }, responseDetails: null, responseStatus: 200 });
    });
    try {
      const engine = new ApertiumEngine(server.url, 5000);
      expect(await engine.supports('en', 'es')).toBe(true);
      expect(await engine.supports('en', 'fr')).toBe(false);
      expect(await engine.translate({ from: 'en', to: 'es', segments: ['a', 'b <span data-m="0">c</span>'] })).toEqual([
        'A',
        'B <span data-m="0">C</span>',
      ]);
      const params = new URLSearchParams(server.requests[1].body);
      expect(Object.fromEntries(params)).toMatchObject({ langpair: 'eng|spa', format: 'html', markUnknown: 'no' });
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('reaches a language with no direct pair through a pivot, and refuses one no chain reaches for good', async () => {
    const pairs = [
      ['eng', 'spa'],
      ['spa', 'eng'],
      ['spa', 'fra'],
      ['fra', 'spa'],
    ].map(([sourceLanguage, targetLanguage]) => ({ sourceLanguage, targetLanguage }));
    const server = await wireServer((req, body, res) => {
      if (req.url === '/listPairs') return json(res, 200, { responseData: pairs, responseStatus: 200 });
      const params = new URLSearchParams(body);
      // Each hop tags the text with its pair, so the chain's order shows in the answer.
      const tagged = params.get('q')!.replace(/<div data-b="(\d+)">/g, (open) => `${open}${params.get('langpair')} `);
      json(res, 200, { responseData: { translatedText: tagged }, responseStatus: 200 });
    });
    try {
      const engine = new ApertiumEngine(server.url, 5000);
      expect(await engine.supports('en', 'fr')).toBe(true);
      expect(await engine.translate({ from: 'en', to: 'fr', segments: ['x', 'y'] })).toEqual(['spa|fra eng|spa x', 'spa|fra eng|spa y']);
      expect(server.requests.map((r) => new URLSearchParams(r.body).get('langpair'))).toEqual([null, 'eng|spa', 'spa|fra']);

      expect(await engine.supports('en', 'ja')).toBe(false);
      const error = await engine.translate({ from: 'en', to: 'ja', segments: ['x'] }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect(error).toMatchObject({ retryable: false, message: expect.stringMatching(/cannot translate from "en" to "ja"/) });
    } finally {
      await server.close();
    }
  });

  it('sends a long request as several batches at once and keeps their order', async () => {
    let inFlight = 0;
    let most = 0;
    const server = await wireServer((req, body, res) => {
      if (req.url === '/listPairs')
        return json(res, 200, { responseData: [{ sourceLanguage: 'eng', targetLanguage: 'spa' }], responseStatus: 200 });
      inFlight++;
      most = Math.max(most, inFlight);
      // Answered together once a few are waiting (or soon after), so overlap is seen without timing.
      setTimeout(() => {
        inFlight--;
        json(res, 200, { responseData: { translatedText: shout(new URLSearchParams(body).get('q')!) }, responseStatus: 200 });
      }, 50);
    });
    try {
      const engine = new ApertiumEngine(server.url, 5000);
      const segments = Array.from({ length: 40 }, (_, i) => `segment ${i} ${'word '.repeat(100)}`);
      const out = await engine.translate({ from: 'en', to: 'es', segments });
      expect(out).toEqual(segments.map((s) => s.toUpperCase()));
      expect(server.requests.length).toBeGreaterThan(2);
      expect(most).toBeGreaterThan(1);
    } finally {
      await server.close();
    }
  });

  it('treats a timeout as retryable', async () => {
    const server = await wireServer(() => undefined);
    try {
      const engine = new ApertiumEngine(server.url, 200);
      const error = await engine.translate({ from: 'en', to: 'es', segments: ['x'] }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).retryable).toBe(true);
    } finally {
      server.requests.length = 0;
      await server.close().catch(() => undefined);
    }
  });
});
