import { type Dispatcher, Pool } from 'undici';

/** The soak's requests, shared by `soak.bench.ts` (the mixed load) and `soak-statements.ts` (statements per request). */

export const PAGES_PER_SPACE = 40;
export const WORDS = ['harbour', 'lantern', 'meadow', 'quartz', 'saffron', 'timber', 'velvet', 'willow'];

export interface SoakSpace {
  id: string;
  pages: string[];
}

/** What sends the soak's requests: `Http`, or `Http.withHeaders` (a traced request). */
export interface Caller {
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

/** The soak's operations, one request each; `tag` makes bodies and subjects unique. */
export const soakRequests = {
  readPage: (http: Caller, space: string, page: string) => http.call('GET', `/v1/spaces/${space}/content/page/${page}`),
  readPageTree: (http: Caller, space: string) => http.call('GET', `/v1/spaces/${space}/content/pages`),
  readSpace: (http: Caller, space: string) => http.call('GET', `/v1/spaces/${space}`),
  searchSpace: (http: Caller, space: string, word: string) => http.call('GET', `/v1/spaces/${space}/search?query=${word}`),
  postComment: (http: Caller, space: string, tag: string, word: string) =>
    http.call('POST', `/v1/spaces/${space}/comments`, { body: { markdown: `Soak comment ${tag} on **${word}**` } }),
  listComments: (http: Caller, space: string) => http.call('GET', `/v1/spaces/${space}/comments?limit=20`),
  openChangeRequest: (http: Caller, space: string, tag: string) =>
    http.call<{ id: string }>('POST', `/v1/spaces/${space}/change-requests`, { subject: `soak ${tag}` }),
  editChangeRequest: (http: Caller, space: string, changeRequest: string, page: string, tag: string) =>
    http.call('POST', `/v1/spaces/${space}/change-requests/${changeRequest}/content`, {
      changes: [
        { operation: 'update_page', page, document: paragraph(`Edited by soak ${tag}: ${WORDS[tag.length % WORDS.length]} notes`) },
      ],
    }),
  mergeChangeRequest: (http: Caller, space: string, changeRequest: string) =>
    http.call('POST', `/v1/spaces/${space}/change-requests/${changeRequest}/merge`),
};

/**
 * Each soak operation, measured one after another on one seeded space (`tag` makes bodies unique
 * per bench): the load-independent benches (`soak-statements`, `soak-messages`) count what each costs.
 */
export async function eachSoakOperation(
  http: Http,
  space: SoakSpace,
  tag: string,
  measure: (operation: string, run: (i: number) => Promise<unknown>) => Promise<void>,
): Promise<void> {
  await measure('idle', () => new Promise((resolve) => setTimeout(resolve, 150)));
  await measure('read page', (i) => soakRequests.readPage(http, space.id, space.pages[i % space.pages.length]));
  await measure('read page tree', () => soakRequests.readPageTree(http, space.id));
  await measure('read space', () => soakRequests.readSpace(http, space.id));
  await measure('search space', (i) => soakRequests.searchSpace(http, space.id, WORDS[i % WORDS.length]));
  await measure('post comment', (i) => soakRequests.postComment(http, space.id, `${tag}${i}`, WORDS[i % WORDS.length]));
  await measure('list comments', () => soakRequests.listComments(http, space.id));
  const opened: string[] = [];
  await measure('open change request', async (i) => opened.push((await soakRequests.openChangeRequest(http, space.id, `${tag}${i}`)).id));
  await measure('edit change request', (i) => soakRequests.editChangeRequest(http, space.id, opened[i], space.pages[i], `${tag}${i}`));
  await measure('merge change request', (i) => soakRequests.mergeChangeRequest(http, space.id, opened[i]));
}

/** Spaces with pages (bodies carrying the search words), merged, and indexed for search. */
export async function seed(http: Http, organizationId: string, count: number): Promise<SoakSpace[]> {
  const spaces: SoakSpace[] = [];
  for (let s = 0; s < count; s++) {
    const space = await http.call<{ id: string }>('POST', `/v1/orgs/${organizationId}/spaces`, { title: `Soak ${s}` });
    const cr = await http.call<{ id: string }>('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'seed' });
    const changes = Array.from({ length: PAGES_PER_SPACE }, (_, p) => ({
      operation: 'insert_page',
      ref: `p${p}`,
      title: `Page ${p} ${WORDS[p % WORDS.length]}`,
      document: paragraph(`Seeded page ${p}: ${WORDS.join(' ')}`),
    }));
    const created = await http.call<{ changes: { page: { id: string } }[] }>(
      'POST',
      `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`,
      {
        changes,
      },
    );
    await http.call('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
    spaces.push({ id: space.id, pages: created.changes.map((c) => c.page.id) });
  }
  const until = Date.now() + 120_000;
  for (const space of spaces) {
    while ((await http.call<{ count: number }>('GET', `/v1/spaces/${space.id}/search?query=${WORDS[0]}`)).count === 0) {
      if (Date.now() > until) throw new Error('the seeded spaces were not indexed for search within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return spaces;
}

export const paragraph = (text: string) => ({
  document: {
    object: 'document',
    data: {},
    nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
  },
});

/**
 * HTTP with the token over a keep-alive undici pool; a status ≥ 300 is an error naming the route
 * and the answer. Not `fetch`: the load generator shares the machine's two cores with the stack
 * it measures, and `fetch` (WHATWG streams, Headers, Response objects) cost it 1,179 µs of CPU per
 * soak request against `request`'s 508 (60 s soaks, same window): CPU the stack did not get. `SOAK_CLIENT=fetch` restores
 * it, to compare with figures taken before.
 */
export class Http {
  private readonly pool: Pool;

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {
    this.pool = new Pool(baseUrl, { pipelining: 1 });
  }

  /** The same connection pool, with `extra` headers on every request (e.g. a `traceparent`). */
  withHeaders(extra: Record<string, string>): Caller {
    return { call: (method, path, body) => this.call(method, path, body, extra) };
  }

  async call<T = unknown>(method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<T> {
    const headers = {
      authorization: `Bearer ${this.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...extra,
    };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const { status, text } =
      process.env.SOAK_CLIENT === 'fetch'
        ? await fetch(this.baseUrl + path, { method, headers, body: payload }).then(async (r) => ({
            status: r.status,
            text: await r.text(),
          }))
        : await this.pool
            .request({ method: method as Dispatcher.HttpMethod, path, headers, body: payload })
            .then(async (r) => ({ status: r.statusCode, text: await r.body.text() }));
    if (status >= 300) throw new Error(`${method} ${path.replace(/[A-Za-z0-9]{16,}/g, '…')}: HTTP ${status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
