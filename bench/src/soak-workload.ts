/** The soak's requests, shared by `soak.bench.ts` (the mixed load) and `soak-statements.ts` (statements per request). */

export const PAGES_PER_SPACE = 40;
export const WORDS = ['harbour', 'lantern', 'meadow', 'quartz', 'saffron', 'timber', 'velvet', 'willow'];

export interface SoakSpace {
  id: string;
  pages: string[];
}

/** The soak's operations, one request each; `tag` makes bodies and subjects unique. */
export const soakRequests = {
  readPage: (http: Http, space: string, page: string) => http.call('GET', `/v1/spaces/${space}/content/page/${page}`),
  readPageTree: (http: Http, space: string) => http.call('GET', `/v1/spaces/${space}/content/pages`),
  readSpace: (http: Http, space: string) => http.call('GET', `/v1/spaces/${space}`),
  searchSpace: (http: Http, space: string, word: string) => http.call('GET', `/v1/spaces/${space}/search?query=${word}`),
  postComment: (http: Http, space: string, tag: string, word: string) =>
    http.call('POST', `/v1/spaces/${space}/comments`, { body: { markdown: `Soak comment ${tag} on **${word}**` } }),
  listComments: (http: Http, space: string) => http.call('GET', `/v1/spaces/${space}/comments?limit=20`),
  openChangeRequest: (http: Http, space: string, tag: string) =>
    http.call<{ id: string }>('POST', `/v1/spaces/${space}/change-requests`, { subject: `soak ${tag}` }),
  editChangeRequest: (http: Http, space: string, changeRequest: string, page: string, tag: string) =>
    http.call('POST', `/v1/spaces/${space}/change-requests/${changeRequest}/content`, {
      changes: [
        { operation: 'update_page', page, document: paragraph(`Edited by soak ${tag}: ${WORDS[tag.length % WORDS.length]} notes`) },
      ],
    }),
  mergeChangeRequest: (http: Http, space: string, changeRequest: string) =>
    http.call('POST', `/v1/spaces/${space}/change-requests/${changeRequest}/merge`),
};

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

/** fetch with the token; a status ≥ 300 is an error naming the route and the answer. */
export class Http {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300)
      throw new Error(`${method} ${path.replace(/[A-Za-z0-9]{16,}/g, '…')}: HTTP ${response.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
