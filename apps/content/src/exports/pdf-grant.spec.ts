import type { PdfGrant } from '@bindery/contracts';
import { DownloadSigner } from '../files/download-signer';
import { pdfGrantFields, pdfGrantUrl } from './pdf-grant';

const now = new Date('2026-05-01T12:00:00Z');
const signer = new DownloadSigner('s'.repeat(40), 3600);
const grant: PdfGrant = { spaceId: 'sp1', revisionId: 'rev1', page: 'pg1', only: false, expires: signer.expiresAt(now) };
const sign = (g: PdfGrant) => signer.signFields(pdfGrantFields(g));
const check = (g: PdfGrant, signature: string, at = now) => signer.checkFields(pdfGrantFields(g), g.expires, signature, at);

describe('PDF grants', () => {
  it('accepts its own grant for an hour', () => {
    const signature = sign(grant);
    expect(check(grant, signature)).toBeNull();
    expect(check(grant, signature, new Date(now.getTime() + 3_599_000))).toBeNull();
    expect(check(grant, signature, new Date(now.getTime() + 3_600_000))).toBe('expired');
  });

  it('refuses a grant whose revision, scope or change request was changed', () => {
    const signature = sign(grant);
    for (const changed of [
      { ...grant, revisionId: 'rev2' },
      { ...grant, spaceId: 'sp2' },
      { ...grant, page: undefined },
      { ...grant, page: 'pg2' },
      { ...grant, only: true },
      { ...grant, changeRequestId: 'cr1' },
      { ...grant, expires: grant.expires + 1 },
    ])
      expect(check(changed, signature)).toBe('bad-signature');
  });

  it('never signs like a file download', () => {
    // A file grant with the same text in its fields must not produce a PDF signature.
    const file = signer.sign({ hash: 'pdf-export', contentType: 'x/y', expires: grant.expires });
    expect(check(grant, file)).toBe('bad-signature');
    expect(() => signer.signFields(['a\nb'])).toThrow(/newline/);
    expect(signer.checkFields(['a\nb'], grant.expires, sign(grant), now)).toBe('bad-signature');
  });

  it('carries every field in the URL beside the signature', () => {
    const url = new URL(pdfGrantUrl('https://docs.example', { ...grant, changeRequestId: 'cr1', only: true }, 'SIG'));
    expect(url.pathname).toBe('/v1/exports/pdf');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      space: 'sp1',
      revision: 'rev1',
      changeRequest: 'cr1',
      page: 'pg1',
      only: 'true',
      expires: String(grant.expires),
      signature: 'SIG',
    });
    expect(new URL(pdfGrantUrl('https://docs.example', { ...grant, page: undefined }, 'SIG')).searchParams.has('page')).toBe(false);
  });
});
