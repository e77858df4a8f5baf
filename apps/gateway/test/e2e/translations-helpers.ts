import { existsSync, readFileSync, statSync } from 'node:fs';
import { SERVICES } from '@bindery/stack';
import { type ApiClient, controlTestStack, expectOperation } from '@bindery/testing';
import { Client } from 'pg';

export interface TranslationBody {
  id: string;
  status: string;
  source: { space: string; language: string };
  language: string;
  result?: { space: string; revision: string };
  stats: { runs: number; totalWords: number; totalPages: number; latestPages: number; latestWords: number; latestRunDuration: number };
  permissions: { view: boolean; edit: boolean };
  error?: { message: string };
}

/** Polls the translation until `until` accepts it. */
export async function waitForTranslation(
  client: ApiClient,
  path: string,
  until: (t: TranslationBody) => boolean,
  timeoutMs = 60_000,
): Promise<TranslationBody> {
  const deadline = Date.now() + timeoutMs;
  let last: TranslationBody | undefined;
  while (Date.now() < deadline) {
    last = expectOperation<TranslationBody>(await client.get(path), 'getTranslation', 200);
    if (until(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`translation did not reach the expected state in ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
}

/** Creates a translation of an English space into `language`: its URL and its body. */
export async function createTranslation(
  client: ApiClient,
  orgId: string,
  spaceId: string,
  language = 'es',
): Promise<{ url: string; created: TranslationBody }> {
  const base = `/v1/orgs/${orgId}/translations`;
  const created = expectOperation<TranslationBody>(
    await client.post(base, { language, source: { space: spaceId, language: 'en' } }),
    'createTranslation',
    201,
  );
  return { url: `${base}/${created.id}`, created };
}

/** Starts a run of the translation at `url` (204: queued). */
export async function runTranslation(client: ApiClient, url: string): Promise<void> {
  expectOperation(await client.post(`${url}/run`), 'runTranslation', 204);
}

/** The translations service's database, as its own role (what a run kept between attempts). */
export async function translationsDatabase(): Promise<Client> {
  const stack = await controlTestStack();
  const db = new Client({ connectionString: stack.envFor(SERVICES.find((s) => s.name === 'translations')!).DATABASE_URL });
  await db.connect();
  return db;
}

/** (Re)starts the stack's translations worker with `env` and waits until it consumes its jobs. */
export async function restartTranslationsWorker(env: Record<string, string>, crash = false): Promise<void> {
  const stack = await controlTestStack();
  await stack.stopApp('translations-worker', { crash });
  const logFile = stack.logFile('translations-worker');
  const offset = existsSync(logFile) ? statSync(logFile).size : 0;
  const { WORKERS } = await import('@bindery/stack');
  stack.startApp(WORKERS.find((w) => w.name === 'translations-worker')!, env);
  await stack.waitUntilReady();
  // Generous: a Nest app can take most of a minute to boot on a machine shared with other builds.
  const deadline = Date.now() + 120_000;
  while (!readFileSync(logFile, 'utf8').slice(offset).includes('worker consuming jobs')) {
    if (Date.now() > deadline)
      throw new Error(`the translations worker did not start: ${readFileSync(logFile, 'utf8').slice(offset).slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGKILLs the stack's translations worker, as a crash would. */
export async function killTranslationsWorker(): Promise<void> {
  const stack = await controlTestStack();
  await stack.stopApp('translations-worker', { crash: true });
}

type Node = Record<string, unknown>;

/**
 * What a translation must keep of a document: every block's type, key and data (titles aside),
 * and in text the marks, links' targets and inline code, but not the words.
 */
export function shapeOf(node: Node): unknown {
  const children = (Array.isArray(node.nodes) ? node.nodes : []) as Node[];
  if (children.length > 0 && children.every((c) => c.object === 'text' || c.object === 'inline')) {
    return { type: node.type, key: node.key, data: withoutTitles(node), inline: dedupe(inlineShape(children)) };
  }
  return {
    object: node.object,
    type: node.type,
    key: node.key,
    data: withoutTitles(node),
    nodes: children.map(shapeOf),
    fragments: ((node.fragments ?? []) as Node[]).map(shapeOf),
  };
}

function withoutTitles(node: Node): unknown {
  if (!node.data) return undefined;
  return JSON.parse(JSON.stringify(node.data, (key, value: unknown) => (key === 'title' ? undefined : value)));
}

function inlineShape(nodes: Node[]): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const leaf of node.leaves as Array<{ text: string; marks?: Array<{ type: string }> }>) {
        const marks = (leaf.marks ?? []).map((m) => m.type).sort();
        if (marks.includes('code')) out.push(`code:${leaf.text}`);
        else if (marks.length > 0 && leaf.text.trim() !== '') out.push(`marks:${marks.join(',')}`);
      }
    } else if (node.type === 'link') {
      out.push(`link:${JSON.stringify((node.data as Node).ref)}[`, ...inlineShape(node.nodes as Node[]), ']');
    } else {
      out.push(JSON.stringify(node));
    }
  }
  return out;
}

const dedupe = (tokens: string[]) => tokens.filter((t, i) => t !== tokens[i - 1]);

/** All the words of a document's text (what must have changed). */
export function wordsOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as Node;
  if (n.object === 'leaf') return String(n.text);
  return [...((n.leaves ?? []) as unknown[]), ...((n.nodes ?? []) as unknown[]), ...((n.fragments ?? []) as unknown[])]
    .map(wordsOf)
    .join(' ');
}
