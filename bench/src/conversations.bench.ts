import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { SERVICES, WORKERS } from '@bindery/stack';
import { ApiClient, controlTestStack, testStack } from '@bindery/testing';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { formatLoad, load } from './load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROCESSING_CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 6000);
const SEEDED_ISSUES = 100_000;
const QUESTIONS = [
  'How do I get a refund for my subscription?',
  'I cannot log in, how do I reset my password?',
  'How can I export my space to PDF?',
  'Why is my custom domain not working?',
  'How do I invite a teammate to my organization?',
  'Where can I change the language of my docs site?',
  'Why did the Git sync fail with an error?',
  'How do I add a search bar to my site?',
];

/** Requests in flight during the ingestion run. */
const IN_FLIGHT = 16;

/**
 * `pnpm bench conversations`: ingestion throughput and latency at 16 in flight (target ≥ 300/s,
 * p99 < 100 ms) with the worker processing meanwhile (target: lag < 5 s), sustained processing
 * throughput of the worker (target ≥ 300 conversations/s), and the cluster list of an
 * organization with 100,000 issues (target p99 < 50 ms). Each line ends with the machine's load average.
 */
export async function conversationsBench(): Promise<string[]> {
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const lines: string[] = [];

  // Ingestion: one conversation per request, each with a fresh id, while the worker processes them.
  const target = `${gatewayUrl}/v1/orgs/${adminOrganizationId}/conversations`;
  const ingest = (seconds: number) =>
    autocannon({
      url: target,
      connections: IN_FLIGHT,
      duration: seconds,
      method: 'POST',
      headers,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              id: randomUUID(),
              parts: [{ type: 'message', role: 'user', body: QUESTIONS[Math.floor(Math.random() * QUESTIONS.length)] }],
            }),
          }),
        },
      ],
    });
  const db = await database();
  try {
    await ingest(2); // warm-up: connections, JIT, the organization's clusters in the worker's memory
    await waitFor(async () => (await pending(db)) === 0, 300_000);
    let maxLag = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        maxLag = Math.max(maxLag, await oldestWaitingSeconds(db));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const ingestion = await ingest(SECONDS);
    const ended = Date.now();
    await waitFor(async () => (await pending(db)) === 0, 300_000);
    const drained = (Date.now() - ended) / 1000;
    sampling = false;
    await sampler;
    lines.push(
      formatLoad(`POST …/conversations, ${IN_FLIGHT} in flight`, {
        requestsPerSecond: Math.round(ingestion.requests.average),
        p50: ingestion.latency.p50,
        p99: ingestion.latency.p99,
        non2xx: ingestion.non2xx,
        errors: ingestion.errors,
      }) + `   (target ≥ 300/s, p99 < 100 ms)${loadNote()}`,
    );
    lines.push(
      `processing while ingesting: oldest waiting conversation at most ${Math.max(maxLag, drained).toFixed(1)} s behind, ` +
        `all processed ${drained.toFixed(1)} s after the last request (target lag < 5 s)${loadNote()}`,
    );
  } finally {
    await db.end();
  }

  lines.push(await processingThroughput(gatewayUrl, adminToken));
  lines.push(await clusterList(gatewayUrl, adminToken));
  return lines;
}

/** Stops the worker, queues conversations, restarts it and times the drain from its first commit. */
async function processingThroughput(gatewayUrl: string, token: string): Promise<string> {
  const stack = await controlTestStack();
  const worker = WORKERS.find((w) => w.name === 'conversations-worker')!;
  const client = new ApiClient(gatewayUrl, token);
  const org = (await client.post('/v1/orgs', { title: 'Processing bench' })).body as { id: string };
  const db = await database();
  try {
    // Let the ingestion run above drain first, so the worker starts idle.
    await waitFor(async () => (await pending(db)) === 0, 300_000);
    await stack.stopApp(worker.name);
    for (let i = 0; i < PROCESSING_CONVERSATIONS; i += 100) {
      const batch = Array.from({ length: 100 }, (_, k) => ({
        id: `p-${i + k}`,
        parts: [{ type: 'message', role: 'user', body: `${QUESTIONS[(i + k) % QUESTIONS.length]} (case ${i + k})` }],
      }));
      const res = await client.post(`/v1/orgs/${org.id}/conversations`, batch);
      if (res.status !== 204) throw new Error(`ingest: ${res.status}`);
    }
    stack.startApp(worker);
    await waitFor(async () => (await processedCount(db, org.id)) > 0, 120_000);
    const started = Date.now();
    const first = await processedCount(db, org.id);
    await waitFor(async () => (await processedCount(db, org.id)) === PROCESSING_CONVERSATIONS, 600_000);
    const rate = ((PROCESSING_CONVERSATIONS - first) * 1000) / (Date.now() - started);
    return `processing: ${PROCESSING_CONVERSATIONS} conversations queued, drained at ${rate.toFixed(0)} conversations/s (target ≥ 300/s)${loadNote()}`;
  } finally {
    await db.end();
  }
}

/** Seeds an organization with 100,000 issues in 5,000 clusters (SQL, as the worker writes them) and loads its cluster list. */
async function clusterList(gatewayUrl: string, token: string): Promise<string> {
  const client = new ApiClient(gatewayUrl, token);
  const org = (await client.post('/v1/orgs', { title: 'Cluster list bench' })).body as { id: string };
  const db = await database();
  try {
    await db.query(
      `INSERT INTO conversations (organization_id, id, source, parts, content_hash, created_at, processed_at)
       SELECT $1, 'c' || g, 'email', '[]', '', now() - (g % 90) * interval '1 day', now() FROM generate_series(1, $2) g`,
      [org.id, SEEDED_ISSUES],
    );
    await db.query(
      `INSERT INTO clusters (id, organization_id, seq, label, label_similarity, summary, icon, centroid_sum, issues, conversations, sources, created_at, updated_at)
       SELECT $1 || '-k' || g, $1, g, 'Cluster ' || g, 1, 'Summary ' || g, 'gear', '\\x00', 20, 20, '{"email": 20}', now(), now() - g * interval '1 second'
         FROM generate_series(1, 5000) g`,
      [org.id],
    );
    await db.query(
      `INSERT INTO issues (id, organization_id, conversation_id, ordinal, title, summary, cluster_id, created_at, ingested_at)
       SELECT $1 || '-i' || g, $1, 'c' || g, 0, 'Question ' || g, 'Summary', $1 || '-k' || (g % 5000 + 1), now(), now() FROM generate_series(1, $2) g`,
      [org.id, SEEDED_ISSUES],
    );
    await db.query(
      `INSERT INTO cluster_weeks (cluster_id, week, issues)
       SELECT $1 || '-k' || k, date_trunc('week', now())::date - w * 7, 2 FROM generate_series(1, 5000) k, generate_series(0, 9) w`,
      [org.id],
    );
    await db.query('ANALYZE');
    const url = `${gatewayUrl}/v1/orgs/${org.id}/conversations-clusters`;
    const headers = { authorization: `Bearer ${token}` };
    await load(url, { connections: 16, seconds: 2, headers });
    const result = await load(url, { connections: 16, seconds: SECONDS, headers });
    return formatLoad('GET …/conversations-clusters (100k issues)', result) + `   (target p99 < 50 ms)${loadNote()}`;
  } finally {
    await db.end();
  }
}

async function database(): Promise<Client> {
  const stack = await controlTestStack();
  const url = stack.envFor(SERVICES.find((s) => s.name === 'conversations')!).DATABASE_URL!;
  const db = new Client({ connectionString: url });
  await db.connect();
  await db.query('SET search_path TO conversations');
  return db;
}

/** The machine's 1-minute load average, printed beside every figure (2 cores: above 2 means waiting for CPU). */
const loadNote = (): string => `   [load average ${loadavg()[0].toFixed(1)}]`;

/** Seconds the oldest conversation still waiting has waited (0 when none waits). */
const oldestWaitingSeconds = async (db: Client): Promise<number> =>
  (
    await db.query<{ s: number }>(
      'SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(ingested_at)), 0)::float AS s FROM conversations WHERE processed_at IS NULL',
    )
  ).rows[0].s;

const pending = async (db: Client): Promise<number> =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations WHERE processed_at IS NULL')).rows[0].n;
const processedCount = async (db: Client, org: string): Promise<number> =>
  (
    await db.query<{ n: number }>('SELECT count(*)::int AS n FROM conversations WHERE organization_id = $1 AND processed_at IS NOT NULL', [
      org,
    ])
  ).rows[0].n;

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
