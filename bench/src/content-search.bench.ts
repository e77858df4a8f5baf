import { ApiClient, testStack } from '@bindery/testing';

const SPACES = Number(process.env.BENCH_SEARCH_SPACES ?? 50);
const PAGES_PER_SPACE = Number(process.env.BENCH_SEARCH_PAGES ?? 400);
const SECTIONS_PER_PAGE = 5;
const LINK_PAGES = Number(process.env.BENCH_LINK_PAGES ?? 10_000);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 200);

const WORDS = [
  'install',
  'configure',
  'deploy',
  'backup',
  'restore',
  'invoice',
  'webhook',
  'token',
  'migrate',
  'monitor',
  'scale',
  'cache',
];

/**
 * Search and links at scale: an organization of SPACES spaces × PAGES_PER_SPACE pages ×
 * SECTIONS_PER_PAGE sections (100,000 sections by default), organization and space search
 * latency through the gateway, the delay before a 1-page merge is searchable, and
 * `…/links?status=broken` of a LINK_PAGES-page space.
 */
export async function contentSearchBench(): Promise<string[]> {
  const { gatewayUrl, adminToken, adminOrganizationId: org } = testStack();
  const api = new ApiClient(gatewayUrl, adminToken);
  const lines: string[] = [];

  const seedStart = Date.now();
  const spaces: string[] = [];
  for (let s = 0; s < SPACES; s++) {
    const space = (await call<{ id: string }>(api, 'POST', `/v1/orgs/${org}/spaces`, { title: `Search ${s}` })).id;
    spaces.push(space);
    await seedPages(api, space, PAGES_PER_SPACE, (i) => sectionedBody(s, i));
  }
  // Indexing runs in the worker: wait until the last space answers.
  await until(async () => (await search(api, `/v1/spaces/${spaces[spaces.length - 1]}/search`, 'sect')).count > 0, 600_000);
  lines.push(
    `seeded and indexed ${SPACES} spaces × ${PAGES_PER_SPACE} pages × ${SECTIONS_PER_PAGE} sections (${(SPACES * PAGES_PER_SPACE * SECTIONS_PER_PAGE).toLocaleString('en')} sections) in ${((Date.now() - seedStart) / 1000).toFixed(0)} s`,
  );

  const orgTimes: number[] = [];
  const spaceTimes: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const word = WORDS[i % WORDS.length];
    const query = i % 3 === 0 ? word.slice(0, 4) : `${word} ${WORDS[(i * 7) % WORDS.length]} `;
    orgTimes.push(await timed(() => search(api, `/v1/orgs/${org}/search`, query)));
    spaceTimes.push(await timed(() => search(api, `/v1/spaces/${spaces[i % spaces.length]}/search`, query)));
  }
  lines.push(`GET /v1/orgs/{id}/search (${SPACES} spaces): ${stats(orgTimes)} (target p99 < 60 ms)`);
  lines.push(`GET /v1/spaces/{id}/search: ${stats(spaceTimes)}`);

  const visible: number[] = [];
  for (let i = 0; i < 5; i++) {
    const word = `zephyr${i}x${Date.now().toString(36)}`;
    const cr = (await call<{ id: string }>(api, 'POST', `/v1/spaces/${spaces[0]}/change-requests`, { subject: 'one page' })).id;
    await call(api, 'POST', `/v1/spaces/${spaces[0]}/change-requests/${cr}/content`, {
      changes: [{ operation: 'insert_page', title: `New ${word}`, document: { markdown: `Fresh text about ${word}.` } }],
    });
    const start = Date.now();
    await call(api, 'POST', `/v1/spaces/${spaces[0]}/change-requests/${cr}/merge`);
    await until(async () => (await search(api, `/v1/spaces/${spaces[0]}/search`, `${word} `)).count > 0, 30_000, 20);
    visible.push(Date.now() - start);
  }
  lines.push(`a 1-page merge searchable after: ${stats(visible)} (target < 2 s)`);

  const linked = (await call<{ id: string }>(api, 'POST', `/v1/orgs/${org}/spaces`, { title: 'Links' })).id;
  const linkStart = Date.now();
  await seedPages(api, linked, LINK_PAGES, (i) => linkedBody(i));
  lines.push(
    `seeded a ${LINK_PAGES.toLocaleString('en')}-page space with 3 links per page in ${((Date.now() - linkStart) / 1000).toFixed(0)} s`,
  );
  const first = await timed(() => call(api, 'GET', `/v1/spaces/${linked}/links?status=broken`));
  const times: number[] = [];
  for (let i = 0; i < 100; i++) times.push(await timed(() => call(api, 'GET', `/v1/spaces/${linked}/links?status=broken`)));
  lines.push(
    `GET …/links?status=broken (${LINK_PAGES.toLocaleString('en')} pages): first ${first} ms, then ${stats(times)} (target p99 < 100 ms)`,
  );
  return lines;
}

/** Pages in batches of 50 through one change request, merged at the end. */
async function seedPages(api: ApiClient, space: string, count: number, bodyOf: (i: number) => unknown): Promise<void> {
  const cr = (await call<{ id: string }>(api, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'seed' })).id;
  for (let i = 0; i < count; i += 50) {
    const changes = Array.from({ length: Math.min(50, count - i) }, (_, j) => ({
      operation: 'insert_page',
      title: `Page ${i + j} ${WORDS[(i + j) % WORDS.length]}`,
      document: bodyOf(i + j),
    }));
    await call(api, 'POST', `/v1/spaces/${space}/change-requests/${cr}/content`, { changes });
  }
  await call(api, 'POST', `/v1/spaces/${space}/change-requests/${cr}/merge`);
}

const text = (t: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks: [] }] });
const block = (type: string, key: string, nodes: unknown[]) => ({ object: 'block', type, key, data: {}, nodes });

function sectionedBody(space: number, page: number) {
  const nodes = Array.from({ length: SECTIONS_PER_PAGE }, (_, s) => {
    const word = WORDS[(space + page + s) % WORDS.length];
    return [
      block('heading-2', `h${s}`, [text(`Section ${s} ${word}`)]),
      block('paragraph', `p${s}`, [
        text(`How to ${word} the service in space ${space}, page ${page}. ${'Lorem ipsum dolor sit amet. '.repeat(6)}`),
      ]),
    ];
  }).flat();
  return { document: { object: 'document', data: {}, nodes } };
}

function linkedBody(i: number) {
  const link = (ref: unknown, t: string) => ({ object: 'inline', type: 'link', data: { ref }, nodes: [text(t)] });
  return {
    document: {
      object: 'document',
      data: {},
      nodes: [
        block('paragraph', 'p', [
          link({ kind: 'url', url: `https://example.com/${i % 100}` }, 'external'),
          link({ kind: 'page', page: `missing-${i % 500}` }, 'broken'),
          link({ kind: 'anchor', anchor: `nowhere-${i % 50}` }, 'broken anchor'),
        ]),
      ],
    },
  };
}

async function search(api: ApiClient, path: string, query: string): Promise<{ count: number }> {
  return call<{ count: number }>(api, 'GET', `${path}?query=${encodeURIComponent(query)}`);
}

async function call<T = unknown>(api: ApiClient, method: string, path: string, body?: unknown): Promise<T> {
  const response = await api.request(method, path, body);
  if (response.status >= 300) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  return response.body as T;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return Math.round(performance.now() - start);
}

async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the search index');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

function stats(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (n=${sorted.length})`;
}
