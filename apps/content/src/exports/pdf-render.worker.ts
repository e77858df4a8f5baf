import { MAX_PDF_BYTES } from './pdf-limits';
import type { PdfPage } from './pdf-writer';
import { writePdf } from './pdf-writer';

/** What a render worker is given: laid-out pages and the image bytes to embed. */
export interface PdfRenderTask {
  title: string;
  pages: PdfPage[];
  /** Structured cloning turns Buffers into plain Uint8Arrays. */
  images: Map<string, Uint8Array>;
}

/** A rendered PDF as base64 (what the reply carries), or only its size when it is over MAX_PDF_BYTES. */
export interface RenderedPdf {
  bytes: number;
  base64?: string;
}

/**
 * Runs in a worker thread of `PdfRenderPool` (piscina calls the default export): drawing a PDF is
 * synchronous work that would otherwise hold content's event loop, and the thread's heap, bounded
 * by its resource limits, goes away with the thread.
 */
export default async function renderPdf(task: PdfRenderTask): Promise<RenderedPdf> {
  const images = new Map([...task.images].map(([id, bytes]) => [id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
  const pdf = await writePdf({ title: task.title, pages: task.pages, images });
  // Encoded here, not in the service's thread: base64 of tens of megabytes is work too.
  return pdf.length > MAX_PDF_BYTES ? { bytes: pdf.length } : { bytes: pdf.length, base64: pdf.toString('base64') };
}
