import type { JsonDocument } from '@bindery/contracts';
import { contentHash, stableStringify, textHash } from '../model/content-hash';
import { canonicalBody, serialisedBody } from './imported-body';

/** A body as a converter builds it: keys in the order it writes them, not sorted. */
const body = (text: string, data: Record<string, unknown> = {}): JsonDocument =>
  ({
    object: 'document',
    data,
    nodes: [
      {
        object: 'block',
        type: 'paragraph',
        key: 'k1',
        isVoid: false,
        data: {},
        nodes: [{ object: 'text', key: 'k2', leaves: [{ object: 'leaf', text, marks: [] }] }],
      },
    ],
  }) as unknown as JsonDocument;

const status = (run: () => unknown): number | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: number }).code;
  }
};

describe('a page body sent as its canonical text', () => {
  it('is taken as sent: its hash is the content hash of the document it parses to', () => {
    const document = body('Hello, "world" ✓ 😀');
    const text = stableStringify(document);

    const taken = canonicalBody(text, 'documentTexts[0]');

    expect(taken.text).toBe(text);
    expect(taken.document).toEqual(document);
    expect(textHash(taken.text)).toBe(contentHash(document));
  });

  it('is taken with integer-like keys, which JavaScript does not keep in sorted order', () => {
    const document = body('table', { records: { '10': 'ten', '9': 'nine', a: 1 } });
    const text = stableStringify(document);
    expect(text).toContain('{"10":"ten","9":"nine","a":1}');

    expect(canonicalBody(text, 'documentTexts[0]').text).toBe(text);
  });

  it('is refused (400) when its keys are not sorted, as JSON.stringify writes a converter body', () => {
    expect(status(() => canonicalBody(JSON.stringify(body('x')), 'documentTexts[0]'))).toBe(400);
  });

  it('is refused (400) with whitespace, a repeated key or escapes the canonical form does not use', () => {
    const text = stableStringify(body('é'));
    expect(status(() => canonicalBody(JSON.stringify(JSON.parse(text), null, 1), 'documentTexts[0]'))).toBe(400);
    expect(status(() => canonicalBody(text.replace('{"data":{}', '{"data":{},"data":{}'), 'documentTexts[0]'))).toBe(400);
    expect(status(() => canonicalBody(text.replace('é', '\\u00e9'), 'documentTexts[0]'))).toBe(400);
    expect(status(() => canonicalBody(text, 'documentTexts[0]'))).toBeUndefined();
  });

  it('is refused (400) when it is not JSON, not a document, or not a valid one', () => {
    expect(status(() => canonicalBody('{"nodes":[', 'documentTexts[0]'))).toBe(400);
    expect(status(() => canonicalBody(7, 'documentTexts[0]'))).toBe(400);
    expect(status(() => canonicalBody('[]', 'documentTexts[0]'))).toBe(400);
    expect(status(() => canonicalBody('{"object":"document"}', 'documentTexts[0]'))).toBe(400);
    // A lone surrogate (Postgres refuses it), canonical otherwise.
    expect(status(() => canonicalBody(stableStringify(body('\ud800')), 'documentTexts[0]'))).toBe(400);
    const deep = `{"data":${'['.repeat(300)}${']'.repeat(300)},"nodes":[]}`;
    expect(status(() => canonicalBody(deep, 'documentTexts[0]'))).toBe(400);
  });

  it('is taken with a surrogate pair, and with an escaped backslash before "ud8…"', () => {
    for (const text of ['😀', '\\ud800 is how JSON writes a lone surrogate']) {
      const canonical = stableStringify(body(text));
      expect(canonicalBody(canonical, 'documentTexts[0]').text).toBe(canonical);
    }
  });
});

describe('a page body sent as a value', () => {
  it('is serialised canonically here', () => {
    const document = body('x');
    expect(serialisedBody(document, 'documents[0]').text).toBe(stableStringify(document));
    expect(status(() => serialisedBody({ object: 'document' }, 'documents[0]'))).toBe(400);
  });
});
