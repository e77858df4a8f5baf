import { pdfFilename } from './pdf-filename';

describe('pdfFilename', () => {
  it('names the download after the title', () => {
    expect(pdfFilename('Field Guide')).toBe('Field Guide.pdf');
    expect(pdfFilename('Café notes')).toBe('Café notes.pdf');
  });

  it('replaces characters a file name cannot hold and trims dots and dashes', () => {
    expect(pdfFilename('a/b\\c: "d" <e>|f?*')).toBe('a-b-c- -d- -e-f.pdf');
    expect(pdfFilename('../../etc/passwd')).toBe('etc-passwd.pdf');
    expect(pdfFilename('line\r\nbreak\ttab')).toBe('line-break-tab.pdf');
  });

  it('caps the length and falls back to "export" for an empty title', () => {
    expect(pdfFilename('x'.repeat(300))).toBe(`${'x'.repeat(100)}.pdf`);
    expect(pdfFilename('  ')).toBe('export.pdf');
    expect(pdfFilename('///')).toBe('export.pdf');
  });
});
