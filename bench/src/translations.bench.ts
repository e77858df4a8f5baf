import { loadavg } from 'node:os';
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
  result?: { space: string };
  status: string;
  error?: { message: string };
}

/**
 * A translation of a PAGES-page space (~100 words a page, with marks, links, inline code and a URL
 * written as text; every block distinct, so the segment cache does not flatter the figures) with
 * the stack's local Apertium server: end-to-end words per second of the first run, Apertium's own
 * speed on the same text, whether marks, links and URLs came through exactly, a run into French
 * (no direct pair: chained through Spanish), and a re-run after a one-page edit. The machine's load
 * average is printed with them: the figures mean little on a busy machine.
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
        leaves: [
          leaf(`Step ${i}.${p}: ${SENTENCES[(i + p) % SENTENCES.length]} The `),
          leaf('quick start', ['bold']),
          leaf(` guide at https://docs.example.com/guides/getting-started/${i} says: read `),
        ],
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
  const lines: string[] = [
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (2 cores)`,
  ];

  let start = Date.now();
  await call(api, 'POST', `${path}/run`);
  let done = await until(api, path, 1);
  const firstMs = Date.now() - start;
  lines.push(
    `first run of a ${PAGES}-page space: ${done.stats.latestWords.toLocaleString('en')} words in ${(firstMs / 1000).toFixed(1)} s = ` +
      `${Math.round(done.stats.latestWords / (firstMs / 1000))} words/s end to end (target ≥ 1,500)`,
  );
  lines.push(await apertiumSpeed());
  lines.push(await keptExactly(api, space, done.result!.space));

  const french = await call<{ id: string }>(api, 'POST', base, { language: 'fr', source: { space, language: 'en' } });
  start = Date.now();
  await call(api, 'POST', `${base}/${french.id}/run`);
  const frenchDone = await until(api, `${base}/${french.id}`, 1);
  const frenchMs = Date.now() - start;
  lines.push(
    `first run into French (eng→spa→fra): ${frenchDone.stats.latestWords.toLocaleString('en')} words in ${(frenchMs / 1000).toFixed(1)} s = ` +
      `${Math.round(frenchDone.stats.latestWords / (frenchMs / 1000))} words/s end to end`,
  );

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
  lines.push(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  return lines;
}

type Node = { object?: string; type?: string; text?: string; leaves?: Node[]; marks?: Node[]; nodes?: Node[] };

/** Per block: its count of marked runs, of links, and the URLs written in its text. */
function blockMarks(document: Node): string[] {
  const out: string[] = [];
  const visit = (node: Node) => {
    const children = node.nodes ?? [];
    if (node.object === 'block' && children.some((c) => c.object === 'text' || c.object === 'inline')) {
      let marked = 0;
      let links = 0;
      let text = '';
      const walk = (n: Node) => {
        if (n.object === 'inline' && n.type === 'link') links++;
        for (const leaf of n.leaves ?? []) {
          if ((leaf.marks ?? []).some((m) => m.type !== 'code')) marked++;
          text += leaf.text ?? '';
        }
        (n.nodes ?? []).forEach(walk);
      };
      children.forEach(walk);
      out.push(`${marked}/${links}/${(text.match(/https?:\/\/\S+/g) ?? []).join(' ')}`);
      return;
    }
    children.forEach(visit);
  };
  visit(document);
  return out;
}

/** How many blocks kept their marks, links and URLs exactly (source and translation compared block by block). */
async function keptExactly(api: ApiClient, source: string, target: string): Promise<string> {
  type Page = { id: string; document?: Node; pages?: Page[] };
  const pagesOf = async (space: string) => {
    const flat = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);
    return new Map(flat((await call<{ pages: Page[] }>(api, 'GET', `/v1/spaces/${space}/content`)).pages).map((p) => [p.id, p]));
  };
  const [from, to] = await Promise.all([pagesOf(source), pagesOf(target)]);
  let blocks = 0;
  let changed = 0;
  for (const [id, page] of from) {
    const a = blockMarks(page.document ?? {});
    const b = blockMarks(to.get(id)?.document ?? {});
    blocks += a.length;
    changed += a.filter((marks, i) => marks !== b[i]).length;
  }
  return `marks, links and URLs in text: ${changed} of ${blocks} blocks changed (target 0)`;
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
