import { type ApiClient, expectError, expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, documentOf, editContent, merge, newOrgAdmin, spacePage } from './content-helpers';

/** A page of any official type (RevisionPage union), as the reads return it. */
interface AnyPage {
  id: string;
  title: string;
  type: string;
  kind: string;
  slug?: string;
  path?: string;
  href?: string;
  target?: Record<string, unknown>;
  document?: unknown;
  markdown?: string;
  pages?: AnyPage[];
}

const spacePages = async (client: ApiClient, spaceId: string): Promise<AnyPage[]> =>
  expectOperation<{ pages: AnyPage[] }>(await client.get(`/v1/spaces/${spaceId}/content/pages`), 'listPages', 200).pages;

const crPages = async (client: ApiClient, spaceId: string, crId: string): Promise<AnyPage[]> =>
  expectOperation<{ pages: AnyPage[] }>(
    await client.get(`/v1/spaces/${spaceId}/change-requests/${crId}/content/pages`),
    'listPagesInChangeRequest',
    200,
  ).pages;

const crPage = async (client: ApiClient, spaceId: string, crId: string, pageId: string, format = 'document'): Promise<AnyPage> =>
  expectOperation<AnyPage>(
    await client.get(`/v1/spaces/${spaceId}/change-requests/${crId}/content/page/${pageId}?format=${format}`),
    'getPageInChangeRequestById',
    200,
  );

/** [type, title, children] of each page: the shape of a tree at a glance. */
const outline = (pages: AnyPage[]): unknown[] => pages.map((p) => [p.type, p.title, ...(p.pages?.length ? [outline(p.pages)] : [])]);

const idsByRef = (result: { changes: Array<{ ref?: string; page: string | { id: string } }> }): Record<string, string> =>
  Object.fromEntries(result.changes.filter((c) => c.ref).map((c) => [c.ref!, (c.page as { id: string }).id]));

describe('group and link pages (official RevisionPageGroup / RevisionPageLink)', () => {
  it('inserts, renames, moves, merges and deletes groups and links, every read in the official shapes', async () => {
    const { client, orgId } = await newOrgAdmin('pagetypes');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const ids = idsByRef(
      await editContent(client, space.id, cr.id, [
        { operation: 'insert_page', ref: 'intro', title: 'Intro', document: documentOf(['a', 'alpha']) },
        { operation: 'insert_page', ref: 'guides', type: 'group', title: 'Guides' },
      ]),
    );
    Object.assign(
      ids,
      idsByRef(
        await editContent(client, space.id, cr.id, [
          { operation: 'insert_page', ref: 'setup', into: ids.guides, title: 'Setup', document: documentOf(['s', 'setup']) },
          { operation: 'insert_page', ref: 'site', into: ids.guides, type: 'link', title: 'Website', href: 'https://example.com/docs' },
          { operation: 'insert_page', ref: 'back', type: 'link', title: 'Back to intro', target: { kind: 'page', page: ids.intro } },
        ]),
      ),
    );

    const pages = await crPages(client, space.id, cr.id);
    expect(outline(pages)).toEqual([
      ['document', 'Intro'],
      [
        'group',
        'Guides',
        [
          ['document', 'Setup'],
          ['link', 'Website'],
        ],
      ],
      ['link', 'Back to intro'],
    ]);
    const [, group, back] = pages;
    expect(group).toMatchObject({ kind: 'group', slug: 'guides', path: 'guides' });
    expect(group).not.toHaveProperty('document');
    expect(group.pages![1]).toMatchObject({
      kind: 'link',
      href: 'https://example.com/docs',
      target: { kind: 'url', url: 'https://example.com/docs' },
    });
    expect(group.pages![1]).not.toHaveProperty('document');
    expect(back.target).toEqual({ kind: 'page', page: ids.intro });
    // A group's children keep their paths below it.
    expect(group.pages![0].path).toBe('guides/setup');

    for (const format of ['document', 'markdown']) {
      const read = await crPage(client, space.id, cr.id, ids.guides, format);
      expect(read.type).toBe('group');
      expect(read).not.toHaveProperty('document');
      expect(read).not.toHaveProperty('markdown');
      const link = await crPage(client, space.id, cr.id, ids.site, format);
      expect(link).toMatchObject({ type: 'link', href: 'https://example.com/docs' });
      expect(link).not.toHaveProperty('markdown');
    }
    await merge(client, space.id, cr.id);
    expect(outline(await spacePages(client, space.id))).toEqual(outline(pages));
    expect((await spacePage(client, space.id, ids.guides)) as unknown as AnyPage).toMatchObject({ type: 'group', title: 'Guides' });

    // Three-way merge: one change request renames the group, another adds a child into it.
    const rename = await createChangeRequest(client, space.id, 'Rename');
    const addChild = await createChangeRequest(client, space.id, 'Add');
    await editContent(client, space.id, rename.id, [{ operation: 'update_page', page: ids.guides, title: 'How-to guides' }]);
    await editContent(client, space.id, addChild.id, [
      { operation: 'insert_page', into: ids.guides, type: 'link', title: 'Mail us', href: 'mailto:docs@example.com' },
    ]);
    await merge(client, space.id, rename.id);
    await merge(client, space.id, addChild.id);
    const merged = await spacePages(client, space.id);
    expect(outline(merged)).toEqual([
      ['document', 'Intro'],
      [
        'group',
        'How-to guides',
        [
          ['document', 'Setup'],
          ['link', 'Website'],
          ['link', 'Mail us'],
        ],
      ],
      ['link', 'Back to intro'],
    ]);

    // Moves: a link out of the group to the root, a document page into the group; then deletes.
    const moves = await createChangeRequest(client, space.id, 'Moves');
    await editContent(client, space.id, moves.id, [
      { operation: 'update_page', page: ids.site, into: null, at: 0 },
      { operation: 'update_page', page: ids.intro, into: ids.guides, at: 0 },
      { operation: 'delete_page', page: ids.back },
    ]);
    expect(outline(await crPages(client, space.id, moves.id))).toEqual([
      ['link', 'Website'],
      [
        'group',
        'How-to guides',
        [
          ['document', 'Intro'],
          ['document', 'Setup'],
          ['link', 'Mail us'],
        ],
      ],
    ]);
    await editContent(client, space.id, moves.id, [{ operation: 'delete_page', page: ids.guides }]);
    await merge(client, space.id, moves.id);
    expect(outline(await spacePages(client, space.id))).toEqual([['link', 'Website']]);
  });

  it('refuses a body on a group or a link, unsafe hrefs and impossible places (400 naming the field)', async () => {
    const { client, orgId } = await newOrgAdmin('pagetypes-bad');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const ids = idsByRef(
      await editContent(client, space.id, cr.id, [
        { operation: 'insert_page', ref: 'doc', title: 'Doc', document: documentOf(['a', 'alpha']) },
        { operation: 'insert_page', ref: 'group', type: 'group', title: 'Group' },
        { operation: 'insert_page', ref: 'link', type: 'link', title: 'Link', href: 'https://example.com' },
      ]),
    );
    const post = (changes: unknown[]) => client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes });

    expectError(await post([{ operation: 'insert_page', type: 'group', title: 'G', document: { markdown: '# x' } }]), 400, /document/);
    expectError(
      await post([{ operation: 'insert_page', type: 'link', title: 'L', href: 'https://x.test', document: documentOf(['a', 'b']) }]),
      400,
      /document/,
    );
    expectError(await post([{ operation: 'update_page', page: ids.link, document: { markdown: 'body' } }]), 400, /document/);
    expectError(await post([{ operation: 'insert_page', type: 'link', title: 'L', href: 'javascript:alert(1)' }]), 400, /href/);
    expectError(
      await post([{ operation: 'insert_page', type: 'link', title: 'L', target: { kind: 'url', url: 'data:text/html,x' } }]),
      400,
      /url/,
    );
    expectError(await post([{ operation: 'insert_page', type: 'link', title: 'L' }]), 400, /href/);
    expectError(await post([{ operation: 'insert_page', type: 'folder', title: 'F' }]), 400, /type/);
    expectError(
      await post([{ operation: 'insert_page', title: 'D', href: 'https://x.test', document: documentOf(['a', 'b']) }]),
      400,
      /href/,
    );
    expectError(await post([{ operation: 'insert_page', type: 'group', title: 'Nested', into: ids.group }]), 400, /into/);
    expectError(await post([{ operation: 'update_page', page: ids.group, into: ids.doc }]), 400, /into/);
    expectError(await post([{ operation: 'insert_page', title: 'Child', into: ids.link, document: documentOf(['a', 'b']) }]), 400, /into/);
    expectError(await post([{ operation: 'delete_page', page: ids.doc, type: 'group' }]), 400, /type/);

    // Nothing of the refused batches was applied.
    expect(outline(await crPages(client, space.id, cr.id))).toEqual([
      ['document', 'Doc'],
      ['group', 'Group'],
      ['link', 'Link'],
    ]);
  });
});
