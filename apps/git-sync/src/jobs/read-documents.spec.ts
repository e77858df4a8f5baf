import { ContentSubjects, type ImportReadResult, type JsonDocument } from '@bindery/contracts';
import { readWithBodies } from './read-documents';

const body = (text: string): JsonDocument => ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', text }] });

describe('an export reads the space’s bodies in bounded batches', () => {
  it('asks again for the bodies a reply left out, and joins every body into its page', async () => {
    const stored = new Map(Array.from({ length: 5 }, (_, i) => [`h${i}`, body(`page ${i}`)]));
    const asked: string[][] = [];
    // Content as it answers: at most two bodies per reply (the rest do not fit).
    const content = {
      send: jest.fn((subject: string, _ctx: unknown, input: { spaceId: string; hashes: string[] }) => {
        expect(subject).toBe(ContentSubjects.importReadDocuments);
        asked.push(input.hashes);
        return Promise.resolve({ documents: input.hashes.slice(0, 2).map((hash) => ({ hash, document: stored.get(hash)! })) });
      }),
    };
    const read: ImportReadResult = {
      revisionId: 'r1',
      files: [],
      pages: [
        { id: 'g', type: 'group', title: 'Group', slug: 'group', documentHash: null, pages: [] },
        {
          id: 'p0',
          title: 'Zero',
          slug: 'zero',
          documentHash: 'h0',
          pages: [1, 2, 3, 4].map((i) => ({ id: `p${i}`, title: `P${i}`, slug: `p${i}`, documentHash: `h${i}`, pages: [] })),
        },
        // Two pages with one body: it is asked for once.
        { id: 'copy', title: 'Copy', slug: 'copy', documentHash: 'h4', pages: [] },
      ],
    };
    const out = await readWithBodies(content as never, { requestId: 'r' } as never, 's1', read);
    expect(asked).toEqual([['h0', 'h1', 'h2', 'h3', 'h4'], ['h2', 'h3', 'h4'], ['h4']]);
    expect(out.pages[0]).toEqual({ id: 'g', type: 'group', title: 'Group', slug: 'group', document: null, pages: [] });
    expect(out.pages[1].document).toEqual(body('page 0'));
    expect(out.pages[1].pages.map((p) => p.document)).toEqual([1, 2, 3, 4].map((i) => body(`page ${i}`)));
    expect(out.pages[2].document).toEqual(body('page 4'));
  });

  it('fails rather than loops when content answers no body', async () => {
    const content = { send: jest.fn(() => Promise.resolve({ documents: [] })) };
    const read: ImportReadResult = {
      revisionId: 'r1',
      files: [],
      pages: [{ id: 'p', title: 'P', slug: 'p', documentHash: 'h', pages: [] }],
    };
    await expect(readWithBodies(content as never, {} as never, 's1', read)).rejects.toThrow(/no body/);
  });
});
