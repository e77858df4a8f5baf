import { canonicalJson } from './canonical-json';

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
