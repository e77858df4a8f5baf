import { expectError, expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, merge, newOrgAdmin, type PageBody } from './content-helpers';
import { newUser } from './helpers';
import { addMember, newOrganization } from './identity-helpers';
import {
  createTranslation,
  killTranslationsWorker,
  restartTranslationsWorker,
  runTranslation,
  shapeOf,
  type TranslationBody,
  translationsDatabase,
  waitForTranslation,
  wordsOf,
} from './translations-helpers';

const GUIDE = `Welcome to the **quick** start guide of Bindery. Read [the documentation](https://example.com/docs?a=1&b=2) and run \`npm install --save\` first.

## Install the server

1. Download the package from the website.
2. Open the terminal and start the server.

| Name | Description |
| --- | --- |
| server | The main process of the system |

\`\`\`js
const greeting = 'hello world';
\`\`\`

{% hint style="info" %}
The server needs a database and a good network.
{% endhint %}

{% tabs %}
{% tab title="Linux" %}
Use the package manager of your system.
{% endtab %}

{% tab title="Windows" %}
Use the installer and follow the instructions.
{% endtab %}
{% endtabs %}
`;

const SENTENCE = 'The user opens the file and writes a short letter to the new friend in the city before the night.';

const keepBindery = {
  object: 'document',
  data: {},
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'keep: Bindery', marks: [] }] }],
    },
  ],
};

async function pagesOf(client: Parameters<typeof createSpace>[0], spaceId: string): Promise<PageBody[]> {
  const body = expectOperation<{ pages: PageBody[] }>(await client.get(`/v1/spaces/${spaceId}/content`), 'getCurrentRevision', 200);
  return body.pages;
}

const flat = (pages: PageBody[]): PageBody[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);

/** A source space: "Guide" (every kind of block) with a child "Setup", and "Notes". */
async function sourceSpace() {
  const org = await newOrgAdmin('translate');
  const space = await createSpace(org.client, org.orgId, 'Manual');
  const cr = await createChangeRequest(org.client, space.id, 'Seed');
  const made = await editContent(org.client, space.id, cr.id, [
    { operation: 'insert_page', ref: 'guide', title: 'Quick start guide', document: { markdown: GUIDE } },
    { operation: 'insert_page', ref: 'notes', title: 'Notes', description: 'Short notes for the reader', document: { markdown: SENTENCE } },
  ]);
  const ids = Object.fromEntries(made.changes.map((c) => [c.ref!, (c.page as { id: string }).id]));
  await editContent(org.client, space.id, cr.id, [
    { operation: 'insert_page', into: ids.guide, title: 'Setup', document: { markdown: 'Open the settings and change the language.' } },
  ]);
  await merge(org.client, space.id, cr.id);
  return { ...org, space, ids };
}

describe('translations: runs with Apertium', () => {
  it('translates a space keeping its structure and untranslatable parts, then re-runs incrementally', async () => {
    const { client, orgId, space, ids } = await sourceSpace();
    const base = `/v1/orgs/${orgId}/translations`;
    const created = expectOperation<TranslationBody>(
      await client.post(base, { language: 'es', source: { space: space.id, language: 'en' }, instructions: keepBindery }),
      'createTranslation',
      201,
    );
    expect(created).toMatchObject({ status: 'pending', stats: { runs: 0 }, permissions: { view: true, edit: true } });
    expect(created.result).toBeUndefined();
    const path = `${base}/${created.id}`;

    expectOperation(await client.post(`${path}/run`), 'runTranslation', 204);
    const first = await waitForTranslation(client, path, (t) => t.stats.runs === 1);
    expect(first).toMatchObject({ status: 'completed', stats: { runs: 1, latestPages: 3, totalPages: 3 } });
    expect(first.stats.latestWords).toBeGreaterThan(60);
    expect(first.result?.space).toBeDefined();

    const target = expectOperation<{ title: string; organization: string; revision: string }>(
      await client.get(`/v1/spaces/${first.result!.space}`),
      'getSpaceById',
      200,
    );
    expect(target).toMatchObject({ title: 'Manual (es)', organization: orgId, revision: first.result!.revision });

    const source = flat(await pagesOf(client, space.id));
    const translated = flat(await pagesOf(client, first.result!.space));
    // Same tree, ids, slugs and paths: URLs line up.
    expect(translated.map((p) => [p.id, p.slug, p.path])).toEqual(source.map((p) => [p.id, p.slug, p.path]));
    for (const [i, page] of source.entries()) {
      const out = translated[i] as PageBody & { document: Record<string, unknown> };
      expect(shapeOf(out.document)).toEqual(shapeOf(page.document as unknown as Record<string, unknown>));
      expect(wordsOf(out.document)).not.toEqual(wordsOf(page.document));
    }
    const guide = translated.find((p) => p.id === ids.guide)! as PageBody & { document: { nodes: Array<Record<string, unknown>> } };
    const sourceGuide = source.find((p) => p.id === ids.guide)! as unknown as { document: { nodes: Array<Record<string, unknown>> } };
    // Code blocks are copied, not translated; link targets, inline code and glossary terms are kept.
    const codeOf = (nodes: Array<Record<string, unknown>>) => nodes.find((n) => n.type === 'code');
    expect(codeOf(guide.document.nodes)).toEqual(codeOf(sourceGuide.document.nodes));
    const text = wordsOf(guide.document);
    expect(text).toContain('npm install --save');
    expect(text).toContain('Bindery');
    expect(JSON.stringify(guide.document)).toContain('https://example.com/docs?a=1&b=2');
    expect(text).toMatch(/servidor/);
    expect(guide.title).not.toBe('Quick start guide');
    expect(translated.find((p) => p.id === ids.notes)!.title).not.toBe('Notes');

    // A run with no source change writes no revision.
    expectOperation(await client.post(`${path}/run`), 'runTranslation', 204);
    const second = await waitForTranslation(client, path, (t) => t.stats.runs === 2);
    expect(second).toMatchObject({ stats: { latestPages: 0, latestWords: 0 }, result: { revision: first.result!.revision } });

    // One page edited: only it is translated again, and the result gets one new revision.
    const cr = await createChangeRequest(client, space.id, 'Edit notes');
    await editContent(client, space.id, cr.id, [
      { operation: 'update_page', page: ids.notes, document: { markdown: 'The dog sleeps in the house.' } },
    ]);
    await merge(client, space.id, cr.id);
    expectOperation(await client.post(`${path}/run`), 'runTranslation', 204);
    const third = await waitForTranslation(client, path, (t) => t.stats.runs === 3);
    expect(third.stats).toMatchObject({ latestPages: 1, totalPages: 3 });
    // The edited page only: its title, description and new body.
    expect(third.stats.latestWords).toBeLessThan(20);
    expect(third.result!.revision).not.toBe(first.result!.revision);
    const notes = flat(await pagesOf(client, first.result!.space)).find((p) => p.id === ids.notes)!;
    expect(wordsOf(notes.document)).toMatch(/perro/);
    expect(third.stats.totalWords).toBe(first.stats.latestWords + third.stats.latestWords);
  }, 180_000);

  it('resumes a run after the worker is SIGKILLed, without translating kept pages again or writing half a result', async () => {
    await restartTranslationsWorker({ TRANSLATION_RUN_ACK_WAIT_MS: '2000', TRANSLATION_CONCURRENCY: '1' });
    const { client, orgId } = await newOrgAdmin('translate-kill');
    const space = await createSpace(client, orgId, 'Big');
    const cr = await createChangeRequest(client, space.id, 'Seed');
    // Document JSON rather than Markdown: 48 pages of Markdown may exceed a request's conversion budget on a loaded machine.
    const body = {
      document: {
        object: 'document',
        data: {},
        nodes: Array.from({ length: 12 }, (_, k) => ({
          object: 'block',
          type: 'paragraph',
          key: `p${k}`,
          data: {},
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: SENTENCE, marks: [] }] }],
        })),
      },
    };
    await editContent(
      client,
      space.id,
      cr.id,
      Array.from({ length: 48 }, (_, i) => ({ operation: 'insert_page', title: `Chapter ${i}`, document: body })),
    );
    await merge(client, space.id, cr.id);
    const { url, created } = await createTranslation(client, orgId, space.id);
    const db = await translationsDatabase();
    try {
      const kept = async () =>
        (
          await db.query<{ page_id: string; xmin: string }>(
            'SELECT page_id, xmin::text FROM translations.translated_pages WHERE translation_id = $1',
            [created.id],
          )
        ).rows;
      await runTranslation(client, url);
      const deadline = Date.now() + 60_000;
      while ((await kept()).length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      await killTranslationsWorker();
      const before = await kept();
      expect(before.length).toBeGreaterThanOrEqual(5);
      expect(before.length).toBeLessThan(48);
      // Killed mid-run: no result was written.
      const mid = expectOperation<TranslationBody>(await client.get(url), 'getTranslation', 200);
      expect(mid.result).toBeUndefined();

      await restartTranslationsWorker({ TRANSLATION_RUN_ACK_WAIT_MS: '2000' });
      const done = await waitForTranslation(client, url, (t) => t.stats.runs === 1, 90_000);
      expect(done.stats).toMatchObject({ latestPages: 48, totalPages: 48 });
      // Pages kept before the kill were not translated again (their rows were never rewritten).
      const after = new Map((await kept()).map((r) => [r.page_id, r.xmin]));
      for (const row of before) expect(after.get(row.page_id)).toBe(row.xmin);
      expect(flat(await pagesOf(client, done.result!.space))).toHaveLength(48);
      const job = await db.query<{ attempts: number; status: string }>('SELECT attempts, status FROM translations.jobs WHERE id = $1', [
        `${created.id}.1`,
      ]);
      // The job succeeded (how many deliveries the runner counts for a killed attempt is the jobs kit's business).
      expect(job.rows[0]).toMatchObject({ status: 'succeeded' });
    } finally {
      await db.end();
    }
  }, 600_000);
});

describe('translations: languages without a direct pair', () => {
  it('translates into French through Spanish (Apertium has no English → French pair)', async () => {
    const { client, orgId, space, ids } = await sourceSpace();
    const { url } = await createTranslation(client, orgId, space.id, 'fr');
    await runTranslation(client, url);
    const done = await waitForTranslation(client, url, (t) => t.stats.runs === 1);
    expect(done).toMatchObject({ status: 'completed', language: 'fr', stats: { latestPages: 3 } });
    expect(done.error).toBeUndefined();
    const source = flat(await pagesOf(client, space.id));
    const translated = flat(await pagesOf(client, done.result!.space));
    for (const [i, page] of source.entries()) {
      const out = translated[i] as PageBody & { document: Record<string, unknown> };
      expect(shapeOf(out.document)).toEqual(shapeOf(page.document as unknown as Record<string, unknown>));
    }
    const notes = translated.find((p) => p.id === ids.notes)!;
    // French words, by way of Spanish: "the user opens the file …".
    expect(wordsOf(notes.document)).toMatch(/\b(le|la|les|l')\b/i);
    expect(wordsOf(notes.document)).toMatch(/utilisateur|fichier|ouvre/i);
    const guide = translated.find((p) => p.id === ids.guide)!;
    expect(JSON.stringify(guide.document)).toContain('https://example.com/docs?a=1&b=2');
  }, 180_000);

  it('keeps group and link pages as groups and links, with their targets', async () => {
    const org = await newOrgAdmin('translate-kinds');
    const space = await createSpace(org.client, org.orgId, 'Kinds');
    const cr = await createChangeRequest(org.client, space.id, 'Seed');
    const made = await editContent(org.client, space.id, cr.id, [
      { operation: 'insert_page', ref: 'intro', title: 'Introduction', document: { markdown: SENTENCE } },
      { operation: 'insert_page', ref: 'basics', type: 'group', title: 'Basics' },
    ]);
    const ids = Object.fromEntries(made.changes.map((c) => [c.ref!, (c.page as { id: string }).id]));
    await editContent(org.client, space.id, cr.id, [
      { operation: 'insert_page', into: ids.basics, title: 'Setup', document: { markdown: 'Open the settings and change the language.' } },
      { operation: 'insert_page', into: ids.basics, type: 'link', title: 'Website', href: 'https://example.com/docs' },
    ]);
    await merge(org.client, space.id, cr.id);
    const base = `/v1/orgs/${org.orgId}/translations`;
    const created = expectOperation<TranslationBody>(
      await org.client.post(base, { language: 'es', source: { space: space.id, language: 'en' } }),
      'createTranslation',
      201,
    );
    expectOperation(await org.client.post(`${base}/${created.id}/run`), 'runTranslation', 204);
    const done = await waitForTranslation(org.client, `${base}/${created.id}`, (t) => t.stats.runs === 1);
    expect(done).toMatchObject({ status: 'completed' });
    const kinds = (pages: PageBody[]) =>
      flat(pages).map((p) => {
        const page = p as PageBody & { type: string; href?: string };
        return [page.id, page.type, page.href];
      });
    expect(kinds(await pagesOf(org.client, done.result!.space))).toEqual(kinds(await pagesOf(org.client, space.id)));
  }, 180_000);

  it('accepts a language no installed pair reaches, and fails its run with the reason', async () => {
    const { client, orgId, space } = await sourceSpace();
    const base = `/v1/orgs/${orgId}/translations`;
    const created = expectOperation<TranslationBody>(
      await client.post(base, { language: 'ja', source: { space: space.id, language: 'en' } }),
      'createTranslation',
      201,
    );
    expect(created.language).toBe('ja');
    expectOperation(await client.post(`${base}/${created.id}/run`), 'runTranslation', 204);
    const failed = await waitForTranslation(client, `${base}/${created.id}`, (t) => t.error !== undefined);
    expect(failed.error!.message).toMatch(/apertium.*cannot translate from "en" to "ja"/);
    expect(failed.stats.runs).toBe(0);
    expect(failed.result).toBeUndefined();
  }, 120_000);
});

describe('translations: operations and bad input', () => {
  it('lists, gets, updates and deletes translations with the official schemas; members read, readers cannot write', async () => {
    const org = await newOrganization('Translations Org');
    const space = await createSpace(org.admin.client, org.organizationId, 'Docs');
    const base = `/v1/orgs/${org.organizationId}/translations`;
    const created = expectOperation<TranslationBody>(
      await org.admin.client.post(base, { language: 'es', source: { space: space.id, language: 'en' } }),
      'createTranslation',
      201,
    );
    const reader = await addMember(org, 'read');
    const list = expectOperation<{ items: TranslationBody[]; count: number }>(
      await reader.client.get(`${base}?limit=1`),
      'listTranslations',
      200,
    );
    expect(list).toMatchObject({ count: 1, items: [{ id: created.id, permissions: { view: true, edit: false } }] });
    expectError(await reader.client.post(base, { language: 'es', source: { space: space.id, language: 'en' } }), 403);
    expectError(await reader.client.post(`${base}/${created.id}/run`), 403);

    const updated = expectOperation<TranslationBody & { instructions: unknown }>(
      await org.admin.client.put(`${base}/${created.id}`, { instructions: keepBindery }),
      'updateTranslation',
      200,
    );
    expect(updated.instructions).toEqual(keepBindery);

    const outsider = await newUser('translations-outsider');
    expectError(await outsider.client.get(`${base}/${created.id}`), 404);
    expectError(await outsider.client.get(base), 404);

    expectOperation(await org.admin.client.delete(`${base}/${created.id}`), 'deleteTranslation', 204);
    expectOperation(await org.admin.client.delete(`${base}/${created.id}`), 'deleteTranslation', 204);
    expectError(await org.admin.client.get(`${base}/${created.id}`), 404);
    // Running a deleted translation.
    expectError(await org.admin.client.post(`${base}/${created.id}/run`), 404);
  }, 120_000);

  it('answers bad input with a 4xx naming the field', async () => {
    const org = await newOrgAdmin('translations-bad');
    const other = await newOrgAdmin('translations-other');
    const space = await createSpace(org.client, org.orgId, 'Docs');
    const foreign = await createSpace(other.client, other.orgId, 'Theirs');
    const base = `/v1/orgs/${org.orgId}/translations`;
    const source = { space: space.id, language: 'en' };
    expectError(await org.client.post(base, { language: 'xx', source }), 400, /language/);
    expectError(await org.client.post(base, { language: 'es' }), 400, /source/);
    expectError(await org.client.post(base, { language: 'es', source: { space: space.id, language: 'klingon' } }), 400, /source.language/);
    expectError(await org.client.post(base, { language: 'en', source }), 400, /language: must differ/);
    expectError(await org.client.post(base, { language: 'es', source: { space: foreign.id, language: 'en' } }), 404, /source.space/);
    expectError(
      await org.client.post(base, { language: 'es', source, instructions: { object: 'doc', data: {}, nodes: [] } }),
      400,
      /instructions/,
    );
    expectError(
      await org.client.post(base, { language: 'es', source, instructions: { object: 'document', data: {}, nodes: ['x'] } }),
      400,
      /instructions/,
    );
    expectError(await org.client.put(`${base}/nope`, { instructions: 'text' }), 400, /instructions/);
    expectError(await org.client.get(`${base}?limit=0`), 400, /limit/);
  }, 120_000);
});
