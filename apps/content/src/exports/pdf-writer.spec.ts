import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { documentBody } from '@bindery/document/testing';
import { layoutDocument } from './pdf-layout';
import { writePdf } from './pdf-writer';

const pageOf = (title: string, depth = 0) => ({
  title,
  depth,
  blocks: [{ kind: 'paragraph' as const, runs: [{ text: `${title} body` }], indent: 0 }],
});
const sheets = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('writePdf', () => {
  it('starts each page of the space on a new sheet', async () => {
    const pdf = await writePdf({ title: 'T', pages: [pageOf('One'), pageOf('Two', 1), pageOf('Three')], images: new Map() });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sheets(pdf)).toBe(3);
    // One bookmark per page.
    expect(pdf.toString('latin1').match(/\/Title \(/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('flows a long code block over several sheets', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `line ${i}`);
    const pdf = await writePdf({
      title: 'T',
      pages: [{ title: 'Code', depth: 0, blocks: [{ kind: 'code', lines, indent: 0 }] }],
      images: new Map(),
    });
    expect(sheets(pdf)).toBeGreaterThan(3);
  });

  it('falls back to the caption when image bytes cannot be decoded', async () => {
    const images = new Map([['f1', deflateSync(Buffer.from('not an image'))]]);
    const pdf = await writePdf({
      title: 'T',
      pages: [{ title: 'I', depth: 0, blocks: [{ kind: 'image', fileId: 'f1', caption: 'broken', indent: 0 }] }],
      images,
    });
    expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('writes a sheet saying so for a space without pages', async () => {
    expect(sheets(await writePdf({ title: 'Empty', pages: [], images: new Map() }))).toBe(1);
  });

  it('draws any document body the API accepts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(documentBody, { minLength: 1, maxLength: 3 }), async (bodies) => {
        const pages = bodies.map((nodes, i) => ({ title: `P${i}`, depth: i, blocks: layoutDocument(nodes) }));
        const pdf = await writePdf({ title: 'T', pages, images: new Map() });
        expect(sheets(pdf)).toBeGreaterThanOrEqual(bodies.length);
      }),
      { numRuns: 60 },
    );
  });

  it('draws words far wider than a line (their cost is measured by pnpm bench, not here)', async () => {
    // pdfkit alone re-measures the rest of such a word after every line: 20,000 characters took 25 s.
    const word = 'x'.repeat(100_000);
    const pdf = await writePdf({
      title: 'T',
      pages: [
        {
          title: word,
          depth: 0,
          blocks: [
            { kind: 'paragraph', runs: [{ text: word }, { text: word, code: true }], indent: 0 },
            { kind: 'code', lines: [word], indent: 0 },
            { kind: 'table', rows: [[[{ text: word }], [{ text: word }]]] },
          ],
        },
      ],
      images: new Map(),
    });
    expect(sheets(pdf)).toBeGreaterThan(10);
  }, 60_000);
});
