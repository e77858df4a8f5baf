import { create } from 'fontkit';
import { writePdf } from './pdf-writer';

// Counts the fonts parsed, still parsing them for real.
jest.mock('fontkit', () => {
  const actual = jest.requireActual<typeof import('fontkit')>('fontkit');
  return { create: jest.fn((bytes: Uint8Array) => actual.create(bytes)) };
});

const page = (title: string) => ({
  title,
  depth: 0,
  blocks: [{ kind: 'paragraph' as const, runs: [{ text: `${title} body` }, { text: 'code', code: true }], indent: 0 }],
});

describe('writePdf fonts', () => {
  it('parses each of the eight faces once per process, however many PDFs it writes', async () => {
    for (let i = 0; i < 3; i++) {
      const pdf = await writePdf({ title: `T${i}`, pages: [page('One'), page('Two')], images: new Map() });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Each PDF still embeds its own subsets of the faces it uses.
      expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    }
    expect(jest.mocked(create)).toHaveBeenCalledTimes(8);
  });
});
