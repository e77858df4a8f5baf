import * as crypto from 'node:crypto';
import { newId, randomBase62 } from './new-id';

jest.mock('node:crypto', () => {
  const actual = jest.requireActual<typeof import('node:crypto')>('node:crypto');
  return { ...actual, randomBytes: jest.fn(actual.randomBytes), randomFillSync: jest.fn(actual.randomFillSync) };
});

const randomSourceCalls = () =>
  (crypto.randomBytes as unknown as jest.Mock).mock.calls.length + (crypto.randomFillSync as unknown as jest.Mock).mock.calls.length;

describe('newId', () => {
  it('is 20 base62 characters, different every time', () => {
    const ids = Array.from({ length: 1_000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws random bytes from the CSPRNG in bulk, not once per id', () => {
    const before = randomSourceCalls();
    for (let i = 0; i < 1_000; i++) newId();
    // ~21 bytes an id from a 4,096-byte pool: a handful of refills for 1,000 ids.
    expect(randomSourceCalls() - before).toBeLessThan(10);
  });

  it('uses every character of the alphabet', () => {
    const seen = new Set(randomBase62(20_000));
    expect(seen.size).toBe(62);
  });

  it('answers any length, across pool refills', () => {
    expect(randomBase62(10_000)).toMatch(/^[0-9A-Za-z]{10000}$/);
    expect(randomBase62(0)).toBe('');
  });
});
