import { createHash } from 'node:crypto';
import { contentHash, stableStringify, textHash } from './content-hash';

describe('stable serialisation for content addresses', () => {
  it('sorts keys at every depth, drops undefined fields and writes undefined items as null', () => {
    const value = { b: 1, a: [undefined, { z: 'é"', A: null, y: undefined }], '10': true, '2': 'x' };
    expect(stableStringify(value)).toBe('{"10":true,"2":"x","a":[null,{"A":null,"z":"é\\""}],"b":1}');
  });

  it('gives equal values the same address whatever their key order, and hashes the text it wrote', () => {
    const one = { object: 'document', data: {}, nodes: [{ type: 'paragraph', object: 'block' }] };
    const other = { nodes: [{ object: 'block', type: 'paragraph' }], data: {}, object: 'document' };
    expect(contentHash(one)).toBe(contentHash(other));
    expect(textHash(stableStringify(one))).toBe(contentHash(one));
  });

  it('keeps the addresses already stored: SHA-256 of the UTF-8 text, in base64url', () => {
    expect(textHash('{"a":"é"}')).toBe(createHash('sha256').update('{"a":"é"}', 'utf8').digest('base64url'));
    expect(textHash('')).toBe('47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU');
  });
});
