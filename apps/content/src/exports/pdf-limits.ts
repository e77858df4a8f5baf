/**
 * Bounds of one PDF export. The PDF crosses NATS as one reply (base64, 4/3 of its size, under
 * the 64 MiB `max_payload`), so its size is bounded before anyone follows the URL:
 * - at most MAX_PDF_PAGES pages of the space, and MAX_PDF_SOURCE_BYTES of their bodies as JSON
 *   (text compresses in the PDF, so the PDF's text is well under this); both are checked when the
 *   URL is issued, a 400 naming `page` tells the caller to export a smaller part;
 * - at most MAX_PDF_IMAGE_BYTES of embedded images; past it, images show their caption;
 * - a rendered PDF over MAX_PDF_BYTES is refused (a safety net the two checks above keep unused).
 */
export const MAX_PDF_PAGES = 500;
export const MAX_PDF_SOURCE_BYTES = 16 * 1024 * 1024;
export const MAX_PDF_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_PDF_BYTES = 32 * 1024 * 1024;

/** Images the PDF can embed: raster formats the PDF library decodes, no larger than an upload may be. */
export const EMBEDDABLE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg']);
export const MAX_EMBEDDED_IMAGE_BYTES = 1024 * 1024;

/** Memory for rendered PDFs kept for URLs opened again (base64 characters: 64 MiB). */
export const RENDERED_PDF_CACHE_CHARS = 64 * 1024 * 1024;
