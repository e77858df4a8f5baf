import type { PdfGrant } from '@bindery/contracts';

/** Path of the gateway's public route serving a PDF grant. */
export const PDF_DOWNLOAD_PATH = '/v1/exports/pdf';

/**
 * The signed fields of a PDF grant. The first, a purpose word, keeps a PDF signature from ever
 * matching a file download's (whose first field is a sha256 digest), and absent values are empty
 * fields, so a grant without a page never signs like one with a page.
 */
export function pdfGrantFields(grant: PdfGrant): string[] {
  return [
    'pdf-export',
    grant.spaceId,
    grant.revisionId,
    grant.changeRequestId ?? '',
    grant.page ?? '',
    grant.only ? '1' : '0',
    String(grant.expires),
  ];
}

/** The URL the gateway serves the grant at: every field is in the query, beside its signature. */
export function pdfGrantUrl(baseUrl: string, grant: PdfGrant, signature: string): string {
  const query = new URLSearchParams({ space: grant.spaceId, revision: grant.revisionId });
  if (grant.changeRequestId !== undefined) query.set('changeRequest', grant.changeRequestId);
  if (grant.page !== undefined) query.set('page', grant.page);
  if (grant.only) query.set('only', 'true');
  query.set('expires', String(grant.expires));
  query.set('signature', signature);
  return `${baseUrl}${PDF_DOWNLOAD_PATH}?${query.toString()}`;
}
