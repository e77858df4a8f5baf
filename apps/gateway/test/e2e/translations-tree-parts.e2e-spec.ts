import { expectOperation } from '@bindery/testing';
import { mergedSpace, newOrgAdmin, type PageBody, paragraph } from './content-helpers';
import { createTranslation, runTranslation, waitForTranslation, wordsOf } from './translations-helpers';

const SENTENCE = 'The user opens the file and writes a short letter to the new friend in the city before the night.';
const PAGES = 4;
/**
 * ~360 KB of code a page (never translated) in a few long lines (a small document to validate):
 * the tree is ~1.4 MB of JSON, over the part size the global setup lowers to 1 MiB.
 */
const codeLines = (page: number) => Array.from({ length: 40 }, (_, line) => `// page ${page} line ${line} `.padEnd(9000, 'x'));
const codeBlock = (key: string, lines: string[]) => ({
  object: 'block',
  type: 'code',
  key,
  data: { syntax: 'javascript' },
  nodes: lines.map((text) => ({
    object: 'block',
    type: 'code-line',
    data: {},
    nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
  })),
});

/**
 * A source space whose page tree content sends in parts (over 56 MiB, a 1,000-page space; under
 * test over `PAGE_TREE_PART_BYTES`): the translations worker reads every part.
 */
describe('translations: a source space whose page tree comes in parts', () => {
  it('is translated whole', async () => {
    expect(process.env.PAGE_TREE_PART_BYTES).toBe(String(1024 * 1024));
    const { client, orgId } = await newOrgAdmin('translate-parts');
    const space = await mergedSpace(
      client,
      orgId,
      'Large',
      Array.from({ length: PAGES }, (_, i) => ({
        operation: 'insert_page',
        title: `Chapter ${i}`,
        document: { document: { object: 'document', data: {}, nodes: [paragraph(`p${i}`, SENTENCE), codeBlock(`c${i}`, codeLines(i))] } },
      })),
    );

    const { url } = await createTranslation(client, orgId, space.id);
    await runTranslation(client, url);
    // Either outcome ends the wait: a run that cannot read the tree fails for good after its retries.
    const done = await waitForTranslation(client, url, (t) => t.stats.runs === 1 || t.error !== undefined, 180_000);
    expect(done.error).toBeUndefined();
    expect(done).toMatchObject({ status: 'completed', stats: { runs: 1, latestPages: PAGES, totalPages: PAGES } });

    const { pages } = expectOperation<{ pages: PageBody[] }>(
      await client.get(`/v1/spaces/${done.result!.space}/content`),
      'getCurrentRevision',
      200,
    );
    expect(pages).toHaveLength(PAGES);
    const last = pages[PAGES - 1] as PageBody & { document: { nodes: Array<Record<string, unknown>> } };
    expect(wordsOf(last.document.nodes[0])).toMatch(/usuario/);
    // The code came through whole, to its last line.
    expect(wordsOf(last.document.nodes[1])).toContain(codeLines(PAGES - 1).at(-1));
  }, 300_000);
});
