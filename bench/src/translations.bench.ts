import { ApiClient, controlTestStack, testStack } from '@bindery/testing';

const PAGES = Number(process.env.BENCH_TRANSLATION_PAGES ?? 500);
const SENTENCES = [
  'The user opens the settings page and changes the language of the interface.',
  'Every space keeps its history, so an editor can compare two revisions at any time.',
  'Run the install command, then read the guide before you start the server.',
  'A team shares its documents with the whole organization and reviews the changes together.',
];

interface Translation {
  stats: { runs: number; latestWords: number; latestPages: number };
  status: string;
  error?: { message: string };
}

/**
 * A translation of a PAGES-page space (~100 words a page, with marks, links and inline code) with
 * the stack's local Apertium server: end-to-end words per second of the first run, Apertium's own
 * speed on the same text, and a re-run after a one-page edit.
 */
export async function translationsBench(): Promise<string[]> {
  const { gatewayUrl, adminToken, adminOrganizationId: org } = testStack();
  const api = new ApiClient(gatewayUrl, adminToken);
  const space = (await call<{ id: string }>(api, 'POST', `/v1/orgs/${org}/spaces`, { title: 'Translate me' })).id;
  const cr = (await call<{ id: string }>(api, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'seed' })).id;
  // Document JSON (Markdown of 50 pages a batch may exceed a request's conversion budget on a loaded machine).
  const leaf = (text: string, marks: string[] = []) => ({ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) });
  const paragraphOf = (i: number, p: number) => ({
    object: 'block',
    type: 'paragraph',
    data: {},
    nodes: [
      {
        object: 'text',
        leaves: [leaf(`${SENTENCES[(i + p) % SENTENCES.length]} The `), leaf('quick start', ['bold']), leaf(' guide says: read ')],
      },
      {
        object: 'inline',
        type: 'link',
        data: { ref: { kind: 'url', url: 'https://example.com/guide' } },
        nodes: [{ object: 'text', leaves: [leaf('the manual')] }],
      },
      { object: 'text', leaves: [leaf(` and ${SENTENCES[(i + p + 1) % SENTENCES.length]} Use `), leaf(`cmd-${i}`, ['code']), leaf('.')] },
    ],
  });
  const documentOf = (i: number) => ({ object: 'document', data: {}, nodes: [0, 1, 2].map((p) => paragraphOf(i, p)) });
  // A batch holds at most 50 changes.
  const pageIds: string[] = [];
  for (let from = 0; from < PAGES; from += 50) {
    const created = await call<{ changes: Array<{ page: { id: string } }> }>(
      api,
      'POST',
      `/v1/spaces/${space}/change-requests/${cr}/content?compat=false`,
      {
        changes: Array.from({ length: Math.min(50, PAGES - from) }, (_, k) => ({
          operation: 'insert_page',
          title: `Chapter ${from + k} of the manual`,
          document: { document: documentOf(from + k) },
        })),
      },
    );
    pageIds.push(...created.changes.map((c) => c.page.id));
  }
  await call(api, 'POST', `/v1/spaces/${space}/change-requests/${cr}/merge`);

  const base = `/v1/orgs/${org}/translations`;
  const translation = await call<{ id: string }>(api, 'POST', base, { language: 'es', source: { space, language: 'en' } });
  const path = `${base}/${translation.id}`;
  const lines: string[] = [];

  let start = Date.now();
  await call(api, 'POST', `${path}/run`);
  let done = await until(api, path, 1);
  const firstMs = Date.now() - start;
  lines.push(
    `first run of a ${PAGES}-page space: ${done.stats.latestWords.toLocaleString('en')} words in ${(firstMs / 1000).toFixed(1)} s = ` +
      `${Math.round(done.stats.latestWords / (firstMs / 1000))} words/s end to end (target ≥ 1,500)`,
  );
  lines.push(await apertiumSpeed());

  const edit = (await call<{ id: string }>(api, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'edit' })).id;
  await call(api, 'POST', `/v1/spaces/${space}/change-requests/${edit}/content?compat=false`, {
    changes: [
      {
        operation: 'update_page',
        page: pageIds[7],
        document: { markdown: 'The dog sleeps in the small house near the river.' },
      },
    ],
  });
  await call(api, 'POST', `/v1/spaces/${space}/change-requests/${edit}/merge`);
  start = Date.now();
  await call(api, 'POST', `${path}/run`);
  done = await until(api, path, 2);
  lines.push(`re-run after a one-page edit: ${Date.now() - start} ms, ${done.stats.latestPages} page translated (target < 2 s)`);
  start = Date.now();
  await call(api, 'POST', `${path}/run`);
  await until(api, path, 3);
  lines.push(`re-run with no change: ${Date.now() - start} ms (no revision written)`);
  return lines;
}

/** Apertium alone on the same kind of text (one page's blocks per request, as a run sends them, 4 at once). */
async function apertiumSpeed(): Promise<string> {
  const stack = await controlTestStack();
  const url = `http://127.0.0.1:${stack.state.apertiumPort}/translate`;
  const block = (i: number, p: number) =>
    `${SENTENCES[(i + p) % SENTENCES.length]} The <span data-m="0">quick start</span> guide says: read <a data-m="1">the manual</a> and ` +
    `${SENTENCES[(i + p + 1) % SENTENCES.length]} Use <img data-x="0">.`;
  const pages = Array.from({ length: 100 }, (_, i) => [0, 1, 2].map((p) => `<div data-b="${p}">${block(i, p)}</div>`).join('\n'));
  const words = pages.reduce((sum, p) => sum + (p.replace(/<[^>]*>/g, ' ').match(/\w+/g) ?? []).length, 0);
  const start = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < pages.length) {
        const q = pages[next++];
        const response = await fetch(url, {
          method: 'POST',
          body: new URLSearchParams({ langpair: 'eng|spa', q, format: 'html', markUnknown: 'no' }),
        });
        await response.json();
      }
    }),
  );
  const seconds = (Date.now() - start) / 1000;
  return `apertium-apy alone (eng→spa, html, 4 requests at once): ${Math.round(words / seconds)} words/s`;
}

async function until(api: ApiClient, path: string, runs: number): Promise<Translation> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const t = await call<Translation>(api, 'GET', path);
    if (t.stats.runs >= runs) return t;
    if (t.error && t.status === 'pending') throw new Error(`translation run failed: ${t.error.message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('translation run did not finish in 10 minutes');
}

async function call<T = unknown>(api: ApiClient, method: string, path: string, body?: unknown): Promise<T> {
  const response = await api.request<T>(method, path, body);
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
