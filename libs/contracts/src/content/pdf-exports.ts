import type { ContentRef } from './revisions';
import type { ContentSubjects } from './subjects';

/** getSpacePDF / getChangeRequestPDF: the content to export and its page scope. */
export interface PdfExportInput extends ContentRef {
  /** A page of the revision: the export holds it and its subpages (only it with `only`). */
  page?: string;
  only?: boolean;
}

/** The official answer: a URL valid for one hour. */
export interface PdfExportUrl {
  url: string;
}

/**
 * What a PDF URL grants: one revision of a space (the one current when it was issued), the page
 * scope, until `expires` (unix seconds). The URL carries it with its signature.
 */
export interface PdfGrant {
  spaceId: string;
  revisionId: string;
  /** The change request whose draft was exported, if any: the URL says what it holds. */
  changeRequestId?: string;
  page?: string;
  only: boolean;
  expires: number;
}

export interface PdfRenderInput extends PdfGrant {
  signature: string;
}

export interface PdfFile {
  /** What the file is about (the page's or the space's title): the gateway names the download after it. */
  title: string;
  base64: string;
}

export interface PdfExportsRpc {
  [ContentSubjects.pdfIssue]: { input: PdfExportInput; result: PdfExportUrl };
  [ContentSubjects.pdfRender]: { input: PdfRenderInput; result: PdfFile };
}
