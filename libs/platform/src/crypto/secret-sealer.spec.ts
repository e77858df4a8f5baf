import { SecretSealer } from './secret-sealer';

describe('SecretSealer', () => {
  const sealer = new SecretSealer('a-secret-of-at-least-thirty-two-characters');

  it('opens what it sealed, and never stores the plain text', () => {
    const sealed = sealer.seal('visitor-signing-key');
    expect(sealed).not.toContain('visitor-signing-key');
    expect(sealer.seal('visitor-signing-key')).not.toBe(sealed);
    expect(sealer.open(sealed)).toBe('visitor-signing-key');
  });

  it('refuses a value sealed under another secret or altered', () => {
    const sealed = sealer.seal('k');
    expect(() => new SecretSealer('another-secret-of-thirty-two-characters!').open(sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(() => sealer.open(bytes.toString('base64url'))).toThrow();
  });
});
