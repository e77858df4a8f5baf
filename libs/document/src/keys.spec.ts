import { markdownToDocument } from './index';
import { randomKey, uniqueKeys } from './keys';

const PAGE =
  '# Title\n\nText with [a link](https://x.io).\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n{% hint style="info" %}\nHint\n{% endhint %}\n';

function collectKeys(value: unknown, keys: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectKeys(item, keys));
  else if (value && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) {
      if (name === 'key' && typeof inner === 'string') keys.push(inner);
      else collectKeys(inner, keys);
    }
  }
  return keys;
}

function blocks(value: unknown, found: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (Array.isArray(value)) value.forEach((item) => blocks(item, found));
  else if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (node.object === 'block') found.push(node);
    Object.values(node).forEach((inner) => blocks(inner, found));
  }
  return found;
}

describe('block keys', () => {
  it('random keys are 12 base62 characters', () => {
    const keys = Array.from({ length: 1000 }, randomKey);
    expect(keys.every((key) => /^[0-9A-Za-z]{12}$/.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(1000);
  });

  it('every block has a key, and keys are unique in the document', () => {
    const document = markdownToDocument(PAGE);
    expect(blocks(document).every((block) => typeof block.key === 'string')).toBe(true);
    const keys = collectKeys(document);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("uses the caller's generator", () => {
    let next = 0;
    const document = markdownToDocument(PAGE, { newKey: () => `key-${++next}` });
    expect(collectKeys(document).every((key) => key.startsWith('key-'))).toBe(true);
  });

  it("skips a repeated key from the caller's generator", () => {
    const values = ['a', 'a', 'b'];
    const next = uniqueKeys(() => values.shift() ?? 'c');
    expect([next(), next(), next()]).toEqual(['a', 'b', 'c']);
  });

  it('fails clearly when the generator cannot produce a new key', () => {
    expect(() => markdownToDocument(PAGE, { newKey: () => 'same' })).toThrow(/already-used keys/);
  });
});
