/** Characters no file system or browser takes in a file name, control characters included. */
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;

/** A download's file name from a title: unsafe characters replaced, at most 100 characters, `.pdf`. */
export function pdfFilename(title: string): string {
  const base = title
    .replace(UNSAFE, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.-]+|[.-]+$/g, '');
  return `${[...base].slice(0, 100).join('').trim() || 'export'}.pdf`;
}
