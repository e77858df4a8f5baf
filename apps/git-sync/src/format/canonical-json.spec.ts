import { canonicalJson, sortedKeys } from './canonical-json';

describe('canonicalJson (the text content stores a body as: its stableStringify)', () => {
  it('sorts object keys at every depth, leaves out undefined members and writes no whitespace', () => {
    const value = { object: 'block', type: 'p', key: 'k', isVoid: false, data: { z: 1, a: [{ y: null, b: 'é"\\' }] }, gone: undefined };
    expect(canonicalJson(value)).toBe(
      '{"data":{"a":[{"b":"é\\"\\\\","y":null}],"z":1},"isVoid":false,"key":"k","object":"block","type":"p"}',
    );
  });

  it('sorts keys by UTF-16 code units, as content does (capitals before small letters)', () => {
    expect(canonicalJson({ b: 1, B: 2, _: 3, a: 4 })).toBe('{"B":2,"_":3,"a":4,"b":1}');
  });

  it('keeps integer-like keys in sorted text order, which JavaScript objects cannot hold', () => {
    expect(canonicalJson({ records: { b: 1, '10': 2, '9': 3, '09': 4 }, a: [undefined] })).toBe(
      '{"a":[null],"records":{"09":4,"10":2,"9":3,"b":1}}',
    );
  });

  it('writes scalars and lone surrogates as JSON.stringify does', () => {
    expect(canonicalJson('\ud800')).toBe('"\\ud800"');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([1.5, true, 'x'])).toBe('[1.5,true,"x"]');
  });
});

describe('sortedKeys', () => {
  it('gives each shape its own sorted order, remembered or not', () => {
    // Same first key, different keys after it; a second look at each shape comes from memory.
    for (let round = 0; round < 2; round++) {
      expect(sortedKeys({ object: 1, type: 2, key: 3 })).toEqual(['key', 'object', 'type']);
      expect(sortedKeys({ object: 1, text: 2, marks: 3 })).toEqual(['marks', 'object', 'text']);
      expect(sortedKeys({ object: 1, type: 2 })).toEqual(['object', 'type']);
      expect(sortedKeys({ object: 1, key: 2, type: 3 })).toEqual(['key', 'object', 'type']);
    }
    // More shapes than are remembered still sort.
    for (let i = 0; i < 300; i++) expect(sortedKeys({ [`k${i}`]: 1, b: 2, a: 3 })).toEqual(['a', 'b', `k${i}`]);
  });
});
