import { SERVICES } from '@bindery/stack';
import { ApiClient, controlTestStack, testStack } from '@bindery/testing';
import { Client } from 'pg';

const FANOUT = Number(process.env.BENCH_FANOUT ?? 10);
const LEVELS = 4;
const BODY_BYTES = 1000;
const READS = Number(process.env.BENCH_READS ?? 100);
const ONE_PAGE_MERGES = Number(process.env.BENCH_MERGES ?? 20);
const SMALL_FANOUT = 4;

interface Created {
  changes: Array<{ ref?: string; page: { id: string } }>;
}

/**
 * The versioned content model at scale: a space of FANOUT^1 + … + FANOUT^4 pages (11,110 with
 * the default 10) with ~1 KB bodies, then reads, one-page writes, merges and an update.
 */
export async function contentBench(): Promise<string[]> {
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const api = new ApiClient(gatewayUrl, adminToken);
  const db = new Client({ connectionString: (await controlTestStack()).envFor(SERVICES.find((s) => s.name === 'content')!).DATABASE_URL });
  await db.connect();
  try {
    // First the merges in a space a thirtieth of the size, for comparison: the time should not follow the size.
    const small = (await call<{ id: string }>(api, 'POST', `/v1/orgs/${adminOrganizationId}/spaces`, { title: 'Small' })).id;
    const smallPages = await seed(api, small, SMALL_FANOUT);
    const smallMerges = `three-way merge of a 1-page change request (${smallPages.length} pages): ${stats(await oneMerges(api, small, smallPages))}`;

    const space = (await call<{ id: string }>(api, 'POST', `/v1/orgs/${adminOrganizationId}/spaces`, { title: 'Bench' })).id;
    const seedStart = Date.now();
    const pageIds = await seed(api, space);
    const lines = [
      `seeded ${pageIds.length} pages (${LEVELS} levels, ~${BODY_BYTES} B bodies) in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
    ];

    lines.push(...(await pagesTree(api, space)));
    lines.push(await revisionRead(api, space));

    // Bytes of the rows a one-page change adds: its page node, its ancestors', its body and the revision row.
    const cr = await newChangeRequest(api, space);
    const before = await storedBytes(db);
    await edit(api, space, cr, [pageIds[pageIds.length - 1]], 'one');
    lines.push(`one-page change writes ${((await storedBytes(db)) - before).toLocaleString('en')} bytes of rows (target < 50 KB)`);

    const tens = await newChangeRequest(api, space);
    const hundreds = await newChangeRequest(api, space);
    await edit(api, space, tens, disjoint(pageIds, 2000, 10), 's10');
    await edit(api, space, hundreds, disjoint(pageIds, 3000, 100), 's100');
    lines.push(
      `three-way merge of a 1-page change request (${pageIds.length} pages): ${stats(await oneMerges(api, space, pageIds))} (target p99 < 200 ms)`,
      smallMerges,
    );
    for (const [size, id] of [
      [10, tens],
      [100, hundreds],
    ] as const) {
      lines.push(
        `three-way merge of a ${size}-page change request: ${await timed(() => call(api, 'POST', `/v1/spaces/${space}/change-requests/${id}/merge`))} ms`,
      );
    }

    const behind = await newChangeRequest(api, space);
    await edit(api, space, behind, [pageIds[pageIds.length - 2]], 'behind');
    const mover = await newChangeRequest(api, space);
    await edit(api, space, mover, disjoint(pageIds, 5000, 100), 'mover');
    await call(api, 'POST', `/v1/spaces/${space}/change-requests/${mover}/merge`);
    lines.push(
      `update of a change request against a main that moved by 100 pages: ${await timed(() => call(api, 'POST', `/v1/spaces/${space}/change-requests/${behind}/update`))} ms`,
    );

    return lines;
  } finally {
    await db.end();
  }
}

/**
 * Opens every change request before any merges, so each merge after the first is a real
 * three-way merge against a main that has moved; returns the times of those.
 */
async function oneMerges(api: ApiClient, space: string, pageIds: string[]): Promise<number[]> {
  const ones = await Promise.all(Array.from({ length: ONE_PAGE_MERGES }, () => newChangeRequest(api, space)));
  const pages = disjoint(pageIds, 100, ones.length);
  for (const [i, id] of ones.entries()) await edit(api, space, id, [pages[i]], `m${i}`);
  const times: number[] = [];
  for (const id of ones) times.push(await timed(() => call(api, 'POST', `/v1/spaces/${space}/change-requests/${id}/merge`)));
  return times.slice(1);
}

async function pagesTree(api: ApiClient, space: string): Promise<string[]> {
  const url = `${api.baseUrl}/v1/spaces/${space}/content/pages`;
  // Time to the last byte, as a load generator measures: parsing 20 MB is the client's own cost.
  const token = api.token ?? '';
  const read = async (encoding: string): Promise<{ ms: number; status: number; bytes: Buffer }> => {
    const start = Date.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { ms: Date.now() - start, status: response.status, bytes };
  };
  const cold = await read('identity');
  if (cold.status !== 200) return [`GET …/content/pages failed: HTTP ${cold.status} ${cold.bytes.toString().slice(0, 200)}`];
  const pages = (JSON.parse(cold.bytes.toString()) as { pages: unknown[] }).pages.length;
  const series = async (encoding: string): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < READS; i++) {
      const warm = await read(encoding);
      if (warm.status !== 200) throw new Error(`GET …/content/pages failed: HTTP ${warm.status}`);
      times.push(warm.ms);
    }
    return times;
  };
  const plain = await series('identity');
  await read('gzip'); // the first gzip request starts the compression
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const gzipped = await series('gzip');
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  return [
    `GET …/content/pages (${mb(cold.bytes.length)}, ${pages} top-level pages): first read of a revision ${cold.ms} ms, then ${stats(plain)} (target p99 < 150 ms)`,
    `GET …/content/pages with gzip (${mb(await gzippedSize(url, token))} on the wire, inflated by the client): ${stats(gzipped)}`,
  ];
}

/** `GET …/content`: the revision with its whole page tree (files' signed URLs make each answer new). */
async function revisionRead(api: ApiClient, space: string): Promise<string> {
  const url = `${api.baseUrl}/v1/spaces/${space}/content`;
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < Math.min(READS, 30); i++) {
    const start = Date.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${api.token ?? ''}`, 'accept-encoding': 'identity' } });
    size = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`GET …/content failed: HTTP ${response.status}`);
    times.push(Date.now() - start);
  }
  return `GET …/content (revision, ${(size / 1e6).toFixed(1)} MB): ${stats(times)}`;
}

/** Bytes of the gzip form as sent (fetch inflates transparently, so ask for it raw once). */
async function gzippedSize(url: string, token: string): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () => resolve(n));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Inserts the tree level by level, 50 pages per batch (the API's limit). */
async function seed(api: ApiClient, space: string, fanout = FANOUT): Promise<string[]> {
  const cr = await newChangeRequest(api, space);
  const all: string[] = [];
  let parents: Array<string | undefined> = [undefined];
  for (let level = 0; level < LEVELS; level++) {
    const inserts = parents.flatMap((into) => Array.from({ length: fanout }, (_, i) => ({ into, title: `Page ${level}.${i}` })));
    const created: string[] = [];
    for (let i = 0; i < inserts.length; i += 50) {
      const batch = inserts
        .slice(i, i + 50)
        .map((p, j) => ({ operation: 'insert_page', ref: `r${j}`, ...p, document: body(`seed ${level} ${i + j}`) }));
      const result = await call<Created>(api, 'POST', `/v1/spaces/${space}/change-requests/${cr}/content?compat=false`, { changes: batch });
      created.push(...result.changes.map((c) => c.page.id));
    }
    all.push(...created);
    parents = created;
  }
  await call(api, 'POST', `/v1/spaces/${space}/change-requests/${cr}/merge`);
  return all;
}

function body(seedText: string) {
  const text = `${seedText} ${'lorem ipsum dolor sit amet '.repeat(40)}`.slice(0, BODY_BYTES);
  return {
    document: {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          key: 'p',
          data: {},
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
        },
      ],
    },
  };
}

async function edit(api: ApiClient, space: string, cr: string, pages: string[], tag: string): Promise<void> {
  for (let i = 0; i < pages.length; i += 50) {
    const changes = pages.slice(i, i + 50).map((page) => ({ operation: 'update_page', page, document: body(`${tag} ${page}`) }));
    await call(api, 'POST', `/v1/spaces/${space}/change-requests/${cr}/content`, { changes });
  }
}

async function newChangeRequest(api: ApiClient, space: string): Promise<string> {
  return (await call<{ id: string }>(api, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'bench' })).id;
}

async function storedBytes(db: Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT (SELECT coalesce(sum(octet_length(node::text)), 0) FROM content.page_nodes)
          + (SELECT coalesce(sum(octet_length(body::text)), 0) FROM content.documents)
          + (SELECT coalesce(sum(octet_length(pages::text) + octet_length(parents::text) + 100), 0) FROM content.revisions) AS n`,
  );
  return Number(rows[0].n);
}

async function call<T = unknown>(api: ApiClient, method: string, path: string, body?: unknown): Promise<T> {
  const response = await api.request<T>(method, path, body ?? (method === 'POST' ? {} : undefined));
  if (response.status >= 300) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = Date.now();
  await run();
  return Date.now() - start;
}

/** `count` pages from `from` on, spread over the tree (every 7th): sets from separate ranges never overlap. */
function disjoint<T>(items: T[], from: number, count: number): T[] {
  return Array.from({ length: count }, (_, i) => items[(from + i * 7) % items.length]);
}

function stats(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms (n=${sorted.length})`;
}
