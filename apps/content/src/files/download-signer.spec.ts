import { DownloadSigner } from './download-signer';

const hash = 'a'.repeat(64);
const now = new Date('2026-05-01T12:00:00Z');

describe('DownloadSigner', () => {
  const signer = new DownloadSigner('s'.repeat(40), 600);

  it('accepts its own grant until it expires, then refuses it as expired', () => {
    const { grant, signature } = signer.grant(hash, 'image/png', now);
    expect(grant.expires).toBe(now.getTime() / 1000 + 600);
    expect(signer.check(grant, signature, now)).toBeNull();
    expect(signer.check(grant, signature, new Date(now.getTime() + 599_000))).toBeNull();
    expect(signer.check(grant, signature, new Date(now.getTime() + 600_000))).toBe('expired');
  });

  it('refuses a grant whose bytes, type or expiry were changed', () => {
    const { grant, signature } = signer.grant(hash, 'image/png', now);
    expect(signer.check({ ...grant, hash: 'b'.repeat(64) }, signature, now)).toBe('bad-signature');
    expect(signer.check({ ...grant, contentType: 'text/html' }, signature, now)).toBe('bad-signature');
    expect(signer.check({ ...grant, expires: grant.expires + 1 }, signature, now)).toBe('bad-signature');
  });

  it('refuses signatures made with another secret or malformed ones', () => {
    const { grant } = signer.grant(hash, 'image/png', now);
    const other = new DownloadSigner('t'.repeat(40), 600).sign(grant);
    expect(signer.check(grant, other, now)).toBe('bad-signature');
    expect(signer.check(grant, '', now)).toBe('bad-signature');
    expect(signer.check(grant, 'x'.repeat(500), now)).toBe('bad-signature');
  });
});
