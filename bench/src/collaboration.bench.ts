import { SERVICES } from '@bindery/stack';
import { ApiClient, controlTestStack, testStack } from '@bindery/testing';
import { Client } from 'pg';

const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 10_000);
const REPLIES = Number(process.env.BENCH_REPLIES ?? 50_000);
const READS = Number(process.env.BENCH_READS ?? 200);
const WRITERS = 16;
const WRITES_PER_WRITER = Number(process.env.BENCH_WRITES ?? 40);

/**
 * Comments of a change request at scale: 10,000 comments and 50,000 replies (seeded in
 * collaboration's schema, a quarter of the comments resolved, eight authors), then lists with a
 * status or an author filter and `limit=100` through the gateway, and comments posted by 16
 * concurrent writers.
 */
export async function collaborationBench(): Promise<string[]> {
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const api = new ApiClient(gatewayUrl, adminToken);
  const space = await call<{ id: string }>(api, 'POST', `/v1/orgs/${adminOrganizationId}/spaces`, { title: 'Discussed' });
  const cr = await call<{ id: string; revision: string }>(api, 'POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Busy' });
  const me = await call<{ id: string }>(api, 'GET', '/v1/user');
  const authors = [me.id, ...Array.from({ length: 7 }, (_, i) => `bench-author-${i}`)];
  const db = new Client({
    connectionString: (await controlTestStack()).envFor(SERVICES.find((s) => s.name === 'collaboration')!).DATABASE_URL,
  });
  await db.connect();
  await db.query('SET search_path TO collaboration');
  const seedStart = Date.now();
  try {
    await seed(db, adminOrganizationId, space.id, cr.id, cr.revision, authors);
  } finally {
    await db.end();
  }
  const lines = [
    `seeded ${COMMENTS.toLocaleString('en')} comments and ${REPLIES.toLocaleString('en')} replies in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
  ];
  const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`;
  for (const [name, query] of [
    ['status=open', 'status=open&limit=100'],
    ['authors=<one of 8>', `authors=${authors[3]}&limit=100`],
    ['status=resolved, order=asc', 'status=resolved&order=asc&limit=100'],
  ]) {
    const times: number[] = [];
    for (let i = 0; i < READS; i++) times.push(await timed(() => call(api, 'GET', `${base}?${query}`)));
    lines.push(`list ${name} limit=100 (${COMMENTS} comments): ${stats(times)} (target p99 < 50 ms)`);
    console.log(lines[lines.length - 1]);
  }
  const writes: number[] = [];
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < WRITES_PER_WRITER; i++) {
        try {
          writes.push(await timed(() => call(api, 'POST', base, { body: { markdown: `Writer ${w}, comment ${i}: **looks good**` } })));
        } catch (error) {
          failures.push((error as Error).message.slice(0, 160));
        }
      }
    }),
  );
  lines.push(`create a comment, ${WRITERS} concurrent writers (${writes.length} posts): ${stats(writes)} (target p99 < 30 ms)`);
  if (failures.length > 0) lines.push(`  ${failures.length} posts failed, first: ${failures[0]}`);
  return lines;
}

/** Rows as collaboration writes them, in a few statements (the API path is measured separately). */
async function seed(db: Client, org: string, space: string, cr: string, revision: string, authors: string[]): Promise<void> {
  const user = (id: string) =>
    JSON.stringify({ object: 'user', id, displayName: id, urls: { location: `http://127.0.0.1/v1/users/${id}` } });
  const users = authors.map(user);
  const doc = JSON.stringify({
    object: 'document',
    data: {},
    nodes: [
      {
        object: 'block',
        type: 'paragraph',
        data: {},
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'A seeded comment', marks: [] }] }],
      },
    ],
  });
  await db.query(
    `INSERT INTO comments (id, organization_id, space_id, change_request_id, revision_id, author_id, author, body_markdown, body_document,
       posted_at, resolved_at, resolved_by)
     SELECT 'bc' || g, $1, $2, $3, $4, ($5::text[])[1 + g % 8], (($6::text[])[1 + g % 8])::jsonb, 'A seeded comment ' || g, $7::jsonb,
       now() - (g || ' seconds')::interval,
       CASE WHEN g % 4 = 0 THEN now() ELSE NULL END, CASE WHEN g % 4 = 0 THEN (($6::text[])[1])::jsonb ELSE NULL END
     FROM generate_series(1, $8::int) AS g`,
    [org, space, cr, revision, authors, users, doc, COMMENTS],
  );
  await db.query(
    `INSERT INTO comment_replies (id, comment_id, author_id, author, body_markdown, body_document, posted_at)
     SELECT 'br' || g, 'bc' || (1 + g % $1::int), ($2::text[])[1 + g % 8], (($3::text[])[1 + g % 8])::jsonb, 'A seeded reply ' || g, $4::jsonb,
       now() - (g || ' milliseconds')::interval
     FROM generate_series(1, $5::int) AS g`,
    [COMMENTS, authors, users, doc, REPLIES],
  );
  await db.query('ANALYZE comments; ANALYZE comment_replies');
}

async function call<T>(api: ApiClient, method: string, path: string, body?: unknown): Promise<T> {
  const response = await api.request<T>(method, path, body);
  if (response.status >= 300) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  return response.body;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function stats(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}
