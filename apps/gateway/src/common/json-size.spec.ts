import { jsonBytesAtMost, jsonLengthAtMost, jsonSizeBound } from './json-size';

/** Strings whose JSON differs most from their length: escapes, surrogates (paired or not), multibyte text. */
const STRINGS = [
  '',
  'plain ascii',
  'quote " and backslash \\',
  'controls \u0000\u0001\u001f\b\f\n\r\t',
  'lone \ud800 high, lone \udfff low, reversed \udc00\ud800',
  'pair 😀😀 and 𝄞',
  'accents éàü, CJK 文档, separators \u2028\u2029, BOM \ufeff',
  '\u007f\u0080\u07ff\u0800\uffff',
];
/** Numbers whose text is longest for their value, and the ones JSON writes `null`. */
const NUMBERS = [
  0,
  -0,
  1,
  -1.2345678901234567e-308,
  5e-324,
  1e21,
  1e20,
  -123456789012345680000,
  -0.0000012345678901234567,
  Number.MAX_VALUE,
];

const VALUES: unknown[] = [
  ...STRINGS,
  ...NUMBERS,
  true,
  false,
  null,
  [],
  {},
  [[]],
  [{}],
  { '': '' },
  STRINGS,
  NUMBERS,
  Object.fromEntries(STRINGS.map((s, i) => [s, i % 2 ? s : NUMBERS[i]])),
  { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: STRINGS.map((text) => ({ text, marks: [] })) }] },
  { a: [1, [2, [3, { b: [null, true, false, '\u0000'] }]]] },
];

describe('jsonSizeBound', () => {
  it.each(VALUES.map((value) => [JSON.stringify(value), value]))('is at least the length and the UTF-8 bytes of %s', (_, value) => {
    const text = JSON.stringify(value);
    const bound = jsonSizeBound(value, Number.MAX_SAFE_INTEGER);
    expect(bound).toBeGreaterThanOrEqual(text.length);
    expect(bound).toBeGreaterThanOrEqual(Buffer.byteLength(text, 'utf8'));
  });

  it('writes non-finite numbers as JSON does (`null`, longer than `NaN`)', () => {
    expect(jsonSizeBound(NaN, 100)).toBeGreaterThanOrEqual(JSON.stringify(NaN).length);
    expect(jsonSizeBound([NaN, Infinity, -Infinity], 100)).toBeGreaterThanOrEqual(JSON.stringify([NaN, Infinity, -Infinity]).length);
  });

  it('gives no bound past the limit, nor for what is not plain JSON data', () => {
    expect(jsonSizeBound('x'.repeat(100), 50)).toBeUndefined();
    expect(jsonSizeBound({ nodes: Array.from({ length: 100 }, () => ({})) }, 100)).toBeUndefined();
    class WithToJson {
      toJSON(): string {
        return 'x'.repeat(1000);
      }
    }
    for (const value of [
      undefined,
      new Date(0),
      new WithToJson(),
      { a: undefined },
      [undefined, 1],
      new Array<unknown>(2),
      new Map(),
      () => 1,
      Object.create(null),
    ])
      expect(jsonSizeBound(value, 1_000_000)).toBeUndefined();
  });

  it('ends on a cycle (JSON.stringify then throws, as before)', () => {
    const cycle: unknown[] = [];
    cycle.push(cycle);
    expect(jsonSizeBound(cycle, 10_000)).toBeUndefined();
    expect(() => jsonLengthAtMost(cycle, 10_000)).toThrow(TypeError);
  });
});

/** A JSON array of one string, `[".."]`, whose text is exactly `length` units long (or `bytes` UTF-8 bytes): `unit` repeated, padded with `a`. */
function arrayOfJsonSize(size: number, unit: string, measure: (text: string) => number): string[] {
  const per = measure(JSON.stringify([unit])) - measure('[""]');
  const count = Math.floor((size - 4) / per);
  return [unit.repeat(count) + 'a'.repeat(size - 4 - count * per)];
}

describe('jsonLengthAtMost and jsonBytesAtMost', () => {
  const chars = (text: string) => text.length;
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

  it.each(['a', 'é', '文', '😀', '\u0001', '"', '\ud800'])('decide as JSON.stringify does at the limit, for text of %j', (unit) => {
    for (const limit of [1000, 100_000]) {
      const long = arrayOfJsonSize(limit, unit, chars);
      expect(JSON.stringify(long).length).toBe(limit);
      expect(jsonLengthAtMost(long, limit)).toBe(true);
      expect(jsonLengthAtMost(long, limit - 1)).toBe(false);
      const heavy = arrayOfJsonSize(limit, unit, bytes);
      expect(Buffer.byteLength(JSON.stringify(heavy), 'utf8')).toBe(limit);
      expect(jsonBytesAtMost(heavy, limit)).toBe(true);
      expect(jsonBytesAtMost(heavy, limit - 1)).toBe(false);
    }
  });

  it('measures a value that fits without serialising it', () => {
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      expect(jsonLengthAtMost(VALUES, 1_000_000)).toBe(true);
      expect(jsonBytesAtMost(VALUES, 1_000_000)).toBe(true);
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });
});
