import { ALL_APPS, type ApiClient, controlTestStack, expectError, expectOperation, waitForJob } from '@bindery/testing';
import { createChangeRequest, documentOf, editContent, merge, newOrgAdmin } from './content-helpers';
import { addMember, newOrganization } from './identity-helpers';

interface PageResult {
  id: string;
  title: string;
  rank: number;
  resultType: string;
  sections: Array<{ title: string; body: string; score: number }>;
}
interface SpaceResult {
  id: string;
  pages: PageResult[];
}

/** Merges pages into a space and waits for the search index to reflect the merge. */
async function publish(client: ApiClient, spaceId: string, pages: Array<{ title: string; text: string }>): Promise<string> {
  const cr = await createChangeRequest(client, spaceId, 'Pages');
  await editContent(
    client,
    spaceId,
    cr.id,
    pages.map((p, i) => ({ operation: 'insert_page', title: p.title, document: documentOf([`k${i}`, p.text]) })),
  );
  await merge(client, spaceId, cr.id);
  return indexJobOf(spaceId);
}

/** A space's search index job (one pending job per space: succeeded once it indexed every merge before). */
const indexJobOf = (spaceId: string) => `search-index-${spaceId}`;

const indexed = (jobId: string) => waitForJob('content', jobId, (s) => s.status === 'succeeded', 30_000);

async function spaceSearch(client: ApiClient, spaceId: string, query: string): Promise<PageResult[]> {
  const response = await client.get(`/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}`);
  return expectOperation<{ items: PageResult[] }>(response, 'searchSpaceContent', 200).items;
}

async function createSpace(client: ApiClient, orgId: string, title: string, language?: string): Promise<string> {
  const response = await client.post(`/v1/orgs/${orgId}/spaces`, { title, ...(language ? { language } : {}) });
  return expectOperation<{ id: string }>(response, 'createSpace', 201).id;
}

describe('content search', () => {
  let admin: Awaited<ReturnType<typeof newOrgAdmin>>;
  let spaceId: string;

  beforeAll(async () => {
    admin = await newOrgAdmin('search');
    spaceId = await createSpace(admin.client, admin.orgId, 'Manual');
    await indexed(
      await publish(admin.client, spaceId, [
        { title: 'Overview', text: 'Read the installation notes before anything else.' },
        { title: 'Installation', text: 'Download the package and run the wizard.' },
        { title: 'Pricing', text: 'Plans and invoices.' },
      ]),
    );
  });

  it('ranks a title match above a body match, with highlighted excerpts', async () => {
    const results = await spaceSearch(admin.client, spaceId, 'installation ');
    expect(results.map((r) => r.title)).toEqual(['Installation', 'Overview']);
    expect(results.map((r) => r.rank)).toEqual([1, 2]);
    expect(results[0].resultType).toBe('page');
    expect(results[1].sections[0].body).toContain('<mark>installation</mark>');
  });

  it('matches the last word as a prefix while it is typed, and corrects typos', async () => {
    expect((await spaceSearch(admin.client, spaceId, 'wiz')).map((r) => r.title)).toEqual(['Installation']);
    expect((await spaceSearch(admin.client, spaceId, 'invoises ')).map((r) => r.title)).toEqual(['Pricing']);
    expect(await spaceSearch(admin.client, spaceId, '!!!')).toEqual([]);
  });

  it('stems with the space language', async () => {
    const french = await createSpace(admin.client, admin.orgId, 'Écuries', 'fr');
    await indexed(await publish(admin.client, french, [{ title: 'Écurie', text: 'Les chevaux mangent du foin.' }]));
    // French stemming: "manger" and "mangent" share a stem; "du" is a French stop word.
    expect((await spaceSearch(admin.client, french, 'manger ')).map((r) => r.title)).toEqual(['Écurie']);
    expect(await spaceSearch(admin.client, french, 'du ')).toEqual([]);
    // The same text in an English space: "du" is an ordinary word there.
    const english = await createSpace(admin.client, admin.orgId, 'Stables');
    await indexed(await publish(admin.client, english, [{ title: 'Stable', text: 'Les chevaux mangent du foin.' }]));
    expect((await spaceSearch(admin.client, english, 'du ')).map((r) => r.title)).toEqual(['Stable']);
  });

  it('searches an organization within the spaces the caller can see', async () => {
    const org = await newOrganization('Search org');
    const shared = await createSpace(org.admin.client, org.organizationId, 'Shared');
    await indexed(await publish(org.admin.client, shared, [{ title: 'Roadmap', text: 'Quarterly goals.' }]));
    // Another organization's space with the same words never shows up.
    const other = await newOrgAdmin('search-other');
    const foreign = await createSpace(other.client, other.orgId, 'Foreign');
    await indexed(await publish(other.client, foreign, [{ title: 'Roadmap', text: 'Secret goals.' }]));

    const reader = await addMember(org, 'read');
    const found = expectOperation<{ count: number; items: SpaceResult[] }>(
      await reader.client.get(`/v1/orgs/${org.organizationId}/search?query=roadmap`),
      'searchOrganizationContent',
      200,
    );
    expect(found.items.map((s) => s.id)).toEqual([shared]);
    expect(found.count).toBe(1);
    // A guest reaches no content; a stranger does not learn the organization exists.
    const guest = await addMember(org, null);
    const none = expectOperation<{ items: SpaceResult[] }>(
      await guest.client.get(`/v1/orgs/${org.organizationId}/search?query=roadmap`),
      'searchOrganizationContent',
      200,
    );
    expect(none.items).toEqual([]);
    expectError(await other.client.get(`/v1/orgs/${org.organizationId}/search?query=roadmap`), 404);
    expectError(await reader.client.get(`/v1/spaces/${foreign}/search?query=roadmap`), 404);
  });

  it('shows the excerpt of the text a merge changed, for a query searched before it', async () => {
    const space = await createSpace(admin.client, admin.orgId, 'Tools');
    await indexed(await publish(admin.client, space, [{ title: 'Tools', text: 'Run the wizard once.' }]));
    const before = await spaceSearch(admin.client, space, 'wizard ');
    // A short text is shown whole, the words before the match too.
    expect(before[0].sections[0].body).toBe('Run the <mark>wizard</mark> once.');
    const cr = await createChangeRequest(admin.client, space, 'Reword');
    await editContent(admin.client, space, cr.id, [
      { operation: 'update_page', page: before[0].id, document: documentOf(['k0', 'Open the wizard from the menu.']) },
    ]);
    await merge(admin.client, space, cr.id);
    await indexed(indexJobOf(space));
    const after = await spaceSearch(admin.client, space, 'wizard ');
    expect(after[0].sections[0].body).toBe('Open the <mark>wizard</mark> from the menu.');
    // The first text again, in another space: the same excerpt.
    const other = await createSpace(admin.client, admin.orgId, 'Tools again');
    await indexed(await publish(admin.client, other, [{ title: 'Tools', text: 'Run the wizard once.' }]));
    expect((await spaceSearch(admin.client, other, 'wizard '))[0].sections[0].body).toBe('Run the <mark>wizard</mark> once.');
  });

  it('indexes a page again over what it held: sections a merge removed are gone, a new title is found', async () => {
    const space = await createSpace(admin.client, admin.orgId, 'Zoo');
    const cr = await createChangeRequest(admin.client, space, 'Animals');
    await editContent(admin.client, space, cr.id, [
      {
        operation: 'insert_page',
        title: 'Guide',
        document: { markdown: '## Alpha\n\nThe alpaca grazes.\n\n## Bravo\n\nThe bison sleeps.\n\n## Charlie\n\nThe cheetah runs.\n' },
      },
    ]);
    await merge(admin.client, space, cr.id);
    await indexed(indexJobOf(space));
    const [guide] = await spaceSearch(admin.client, space, 'cheetah ');
    expect(guide.title).toBe('Guide');

    // The page keeps its first section as it was, changes its second, drops its third, and is retitled.
    const edit = await createChangeRequest(admin.client, space, 'Fewer animals');
    await editContent(admin.client, space, edit.id, [
      {
        operation: 'update_page',
        page: guide.id,
        title: 'Handbook',
        document: { markdown: '## Alpha\n\nThe alpaca grazes.\n\n## Bravo\n\nThe buffalo sleeps.\n' },
      },
    ]);
    await merge(admin.client, space, edit.id);
    await indexed(indexJobOf(space));
    expect(await spaceSearch(admin.client, space, 'cheetah ')).toEqual([]);
    expect(await spaceSearch(admin.client, space, 'bison ')).toEqual([]);
    expect((await spaceSearch(admin.client, space, 'buffalo ')).map((r) => r.title)).toEqual(['Handbook']);
    // The unchanged section is still found, and by the page's new title (a title match: resultType page).
    expect((await spaceSearch(admin.client, space, 'alpaca ')).map((r) => r.title)).toEqual(['Handbook']);
    const retitled = await spaceSearch(admin.client, space, 'handbook ');
    expect(retitled.map((r) => [r.title, r.resultType])).toEqual([['Handbook', 'page']]);
    expect(await spaceSearch(admin.client, space, 'guide ')).toEqual([]);
  });

  it('pages through tied pages in one order, each once, with the best sections of a page first', async () => {
    const space = await createSpace(admin.client, admin.orgId, 'Ties');
    const notes = Array.from({ length: 5 }, (_, i) => ({ title: `Note ${i}`, text: 'The same kestrel text.' }));
    await indexed(await publish(admin.client, space, notes));
    const seen: PageResult[] = [];
    let page: string | undefined;
    do {
      const response = await admin.client.get(`/v1/spaces/${space}/search?query=kestrel%20&limit=2${page ? `&page=${page}` : ''}`);
      const list = expectOperation<{ count: number; items: PageResult[]; next?: { page: string } }>(response, 'searchSpaceContent', 200);
      expect(list.count).toBe(5);
      seen.push(...list.items);
      page = list.next?.page;
    } while (page);
    // Equal scores: ranked by page id, every page once across the pages of the answer.
    expect(seen.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(seen.map((r) => r.id)).toEqual(seen.map((r) => r.id).sort());

    const guide = await createSpace(admin.client, admin.orgId, 'Birds');
    const cr = await createChangeRequest(admin.client, guide, 'Birds');
    await editContent(admin.client, guide, cr.id, [
      {
        operation: 'insert_page',
        title: 'Birds',
        document: {
          markdown:
            '## Owls\n\nA kestrel is no owl.\n\n## Kestrel\n\nA falcon.\n\n## Hawks\n\nNot here.\n\n## Notes\n\nA kestrel hovers.\n\n## More\n\nkestrel.\n',
        },
      },
    ]);
    await merge(admin.client, guide, cr.id);
    await indexed(indexJobOf(guide));
    const [birds] = await spaceSearch(admin.client, guide, 'kestrel ');
    // Three of the four matching sections, the heading match first, best first.
    expect(birds.sections.map((s) => s.title)[0]).toBe('Kestrel');
    expect(birds.sections).toHaveLength(3);
    const scores = birds.sections.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('refuses an empty, missing or over-long query', async () => {
    expectError(await admin.client.get(`/v1/spaces/${spaceId}/search?query=`), 400, /query/);
    expectError(await admin.client.get(`/v1/spaces/${spaceId}/search`), 400, /query/);
    expectError(await admin.client.get(`/v1/orgs/${admin.orgId}/search?query=${'a'.repeat(513)}`), 400, /query/);
    expectError(await admin.client.get(`/v1/spaces/${spaceId}/search?query=x&limit=1001`), 400, /limit/);
  });

  it('finishes indexing a merge after the worker was killed', async () => {
    const stack = await controlTestStack();
    const worker = ALL_APPS.find((a) => a.name === 'content-worker')!;
    await stack.stopApp(worker.name, { crash: true });
    let jobId: string;
    try {
      jobId = await publish(admin.client, spaceId, [{ title: 'Backups', text: 'Snapshots are taken nightly.' }]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await spaceSearch(admin.client, spaceId, 'nightly ')).toEqual([]);
    } finally {
      stack.startApp(worker);
      await stack.waitUntilReady();
    }
    await indexed(jobId);
    expect((await spaceSearch(admin.client, spaceId, 'nightly ')).map((r) => r.title)).toEqual(['Backups']);
  }, 240_000);
});
