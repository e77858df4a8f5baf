import { SERVICES } from '@bindery/stack';
import { type ApiClient, controlTestStack, expectOperation } from '@bindery/testing';
import { Client } from 'pg';
import { newUser } from './helpers';

export interface SpaceBody {
  id: string;
  title: string;
  revision: string;
  organization: string;
  deletedAt?: string;
  changeRequests: number;
  changeRequestsOpen: number;
  permissions: { admin: boolean; edit: boolean };
  urls: { location: string };
}
export interface ChangeRequestBody {
  id: string;
  number: number;
  status: string;
  subject: string;
  revision: string;
  revisionInitial: string;
  revisionMergedAncestor?: string;
  revisionMerged?: string;
  outdated: boolean;
  createdBy: { id: string };
}
export interface PageBody {
  id: string;
  title: string;
  slug: string;
  path: string;
  pages: PageBody[];
  document?: { nodes: Array<{ key?: string; nodes: Array<{ leaves: Array<{ text: string }> }> }> };
  markdown?: string;
}
export interface ContentUpdateBody {
  changeRequest: ChangeRequestBody;
  changes: Array<{ object: string; ref?: string; page: string | { id: string } }>;
}

/** A paragraph block with a stable key, as the editor stores it. */
export const paragraph = (key: string, text: string) => ({
  object: 'block',
  type: 'paragraph',
  key,
  data: {},
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
});

export const documentOf = (...paragraphs: Array<[string, string]>) => ({
  document: { object: 'document', data: {}, nodes: paragraphs.map(([key, text]) => paragraph(key, text)) },
});

/** Text of each paragraph of a page body, in order. */
export const textsOf = (page: PageBody): string[] => (page.document?.nodes ?? []).map((n) => n.nodes[0].leaves[0].text);

/** A fresh user who administers a fresh organization. */
export async function newOrgAdmin(prefix = 'content'): Promise<{ client: ApiClient; orgId: string; userId: string }> {
  const user = await newUser(prefix);
  const org = expectOperation<{ id: string }>(await user.client.post('/v1/orgs', { title: `${prefix} org` }), 'createOrganization', 201);
  return { client: user.client, orgId: org.id, userId: user.userId };
}

export async function createSpace(client: ApiClient, orgId: string, title = 'Handbook'): Promise<SpaceBody> {
  return expectOperation<SpaceBody>(await client.post(`/v1/orgs/${orgId}/spaces`, { title }), 'createSpace', 201);
}

export async function createChangeRequest(client: ApiClient, spaceId: string, subject = 'Edits'): Promise<ChangeRequestBody> {
  return expectOperation<ChangeRequestBody>(
    await client.post(`/v1/spaces/${spaceId}/change-requests`, { subject }),
    'createChangeRequest',
    201,
  );
}

/** Applies a batch of changes and returns the outcome (compat=false form). */
export async function editContent(
  client: ApiClient,
  spaceId: string,
  crId: string | number,
  changes: unknown[],
): Promise<ContentUpdateBody> {
  const response = await client.post(`/v1/spaces/${spaceId}/change-requests/${crId}/content?compat=false`, { changes });
  return expectOperation<ContentUpdateBody>(response, 'updateChangeRequestContent', 200);
}

export async function merge(client: ApiClient, spaceId: string, crId: string | number): Promise<{ revision: string; result: string }> {
  return expectOperation(await client.post(`/v1/spaces/${spaceId}/change-requests/${crId}/merge`), 'mergeChangeRequest', 200);
}

/** A new space whose content is `changes`, merged through one change request. */
export async function mergedSpace(client: ApiClient, orgId: string, title: string, changes: unknown[]): Promise<SpaceBody> {
  const space = await createSpace(client, orgId, title);
  const cr = await createChangeRequest(client, space.id, 'Seed');
  await editContent(client, space.id, cr.id, changes);
  await merge(client, space.id, cr.id);
  return space;
}

export async function spacePage(client: ApiClient, spaceId: string, pageId: string): Promise<PageBody> {
  return expectOperation<PageBody>(await client.get(`/v1/spaces/${spaceId}/content/page/${pageId}`), 'getPageById', 200);
}

/**
 * Seeds a space through a merged change request: pages "Intro" (paragraphs a, b, c) and "Guide"
 * with a child "Setup". Returns the page ids by title.
 */
export async function seedSpace(client: ApiClient, spaceId: string): Promise<Record<string, string>> {
  const cr = await createChangeRequest(client, spaceId, 'Seed');
  const result = await editContent(client, spaceId, cr.id, [
    { operation: 'insert_page', ref: 'intro', title: 'Intro', document: documentOf(['a', 'alpha'], ['b', 'bravo'], ['c', 'charlie']) },
    { operation: 'insert_page', ref: 'guide', title: 'Guide', document: documentOf(['g', 'guide']) },
  ]);
  const ids = Object.fromEntries(result.changes.map((c) => [c.ref!, (c.page as { id: string }).id]));
  const child = await editContent(client, spaceId, cr.id, [
    { operation: 'insert_page', ref: 'setup', into: ids.guide, title: 'Setup', document: documentOf(['s', 'setup']) },
  ]);
  await merge(client, spaceId, cr.id);
  return { Intro: ids.intro, Guide: ids.guide, Setup: (child.changes[0].page as { id: string }).id };
}

/** A connection to the content service's database, as its own role (for what the API cannot show or do: time travel, stored rows). */
export async function contentDatabase(): Promise<Client> {
  const stack = await controlTestStack();
  const db = new Client({ connectionString: stack.envFor(SERVICES.find((s) => s.name === 'content')!).DATABASE_URL });
  await db.connect();
  return db;
}

/** A space with one page per name (text "<name> before"), merged from one change request (`seed`); its page ids by name. */
export async function spaceWithPages(prefix: string, names: string[]) {
  const { client, orgId } = await newOrgAdmin(prefix);
  const space = await createSpace(client, orgId);
  const seed = await createChangeRequest(client, space.id, 'Seed');
  const seeded = await editContent(
    client,
    space.id,
    seed.id,
    names.map((name) => ({ operation: 'insert_page', ref: name, title: name, document: documentOf(['a', `${name} before`]) })),
  );
  await merge(client, space.id, seed.id);
  const pageOf = new Map(seeded.changes.map((c) => [c.ref!, (c.page as { id: string }).id]));
  return { client, orgId, space, seed, pageOf };
}
