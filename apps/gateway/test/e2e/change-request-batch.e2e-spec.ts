import { type ApiClient, expectError, expectOperation } from '@bindery/testing';
import {
  type ChangeRequestBody,
  createChangeRequest,
  createSpace,
  documentOf,
  editContent,
  newOrgAdmin,
  type PageBody,
  seedSpace,
  textsOf,
} from './content-helpers';

const crPages = async (client: ApiClient, spaceId: string, crId: string): Promise<PageBody[]> =>
  expectOperation<{ pages: PageBody[] }>(
    await client.get(`/v1/spaces/${spaceId}/change-requests/${crId}/content/pages`),
    'listPagesInChangeRequest',
    200,
  ).pages;

const crPage = async (client: ApiClient, spaceId: string, crId: string, pageId: string, format = 'document'): Promise<PageBody> =>
  expectOperation<PageBody>(
    await client.get(`/v1/spaces/${spaceId}/change-requests/${crId}/content/page/${pageId}?format=${format}`),
    'getPageInChangeRequestById',
    200,
  );

const crRevision = async (client: ApiClient, spaceId: string, crId: string): Promise<string> =>
  expectOperation<ChangeRequestBody>(await client.get(`/v1/spaces/${spaceId}/change-requests/${crId}`), 'getChangeRequestById', 200)
    .revision;

describe('change request content batch: revert_page', () => {
  it('reverts blocks, whole pages (added, deleted, modified) and to a named revision', async () => {
    const { client, orgId } = await newOrgAdmin('revert');
    const space = await createSpace(client, orgId);
    const ids = await seedSpace(client, space.id);
    const cr = await createChangeRequest(client, space.id);
    const edited = await editContent(client, space.id, cr.id, [
      {
        operation: 'update_page',
        page: ids.Intro,
        title: 'Intro 2',
        document: documentOf(['a', 'ALPHA'], ['d', 'delta'], ['c', 'charlie']),
      },
      { operation: 'delete_page', page: ids.Guide },
      { operation: 'insert_page', ref: 'new', title: 'New', document: documentOf(['n', 'new']) },
    ]);
    const newId = (edited.changes.find((c) => c.ref === 'new')!.page as { id: string }).id;
    const afterEdits = edited.changeRequest.revision;

    // Blocks only: "a" reset, "b" restored after "a"; "d" (not listed) and the new title stay.
    const blocks = await editContent(client, space.id, cr.id, [{ operation: 'revert_page', page: ids.Intro, block: ['a', 'b'] }]);
    expect(blocks.changes).toEqual([{ object: 'updated_page', page: expect.objectContaining({ id: ids.Intro }) }]);
    let intro = await crPage(client, space.id, cr.id, ids.Intro);
    expect(textsOf(intro)).toEqual(['alpha', 'bravo', 'delta', 'charlie']);
    expect(intro.title).toBe('Intro 2');

    // Whole pages, against the base revision: the deleted subtree comes back in place, the new page goes.
    const whole = await editContent(client, space.id, cr.id, [
      { operation: 'revert_page', page: ids.Guide },
      { operation: 'revert_page', page: newId },
      { operation: 'revert_page', page: ids.Intro },
    ]);
    expect(whole.changes.map((c) => [c.object, typeof c.page === 'string' ? c.page : c.page.id])).toEqual([
      ['created_page', ids.Guide],
      ['created_page', ids.Setup],
      ['deleted_page', newId],
      ['updated_page', ids.Intro],
    ]);
    const pages = await crPages(client, space.id, cr.id);
    expect(pages.map((p) => [p.title, p.pages.map((c) => c.title)])).toEqual([
      ['Intro', []],
      ['Guide', ['Setup']],
    ]);
    intro = await crPage(client, space.id, cr.id, ids.Intro);
    expect(textsOf(intro)).toEqual(['alpha', 'bravo', 'charlie']);
    expect(textsOf(await crPage(client, space.id, cr.id, ids.Setup))).toEqual(['setup']);

    // A named revision of the change request itself: back to the state right after the edits.
    await editContent(client, space.id, cr.id, [{ operation: 'revert_page', page: ids.Intro, revision: afterEdits }]);
    intro = await crPage(client, space.id, cr.id, ids.Intro);
    expect(intro.title).toBe('Intro 2');
    expect(textsOf(intro)).toEqual(['ALPHA', 'delta', 'charlie']);
  });

  it('refuses unknown pages, revisions and blocks, naming the field, and writes nothing', async () => {
    const { client, orgId } = await newOrgAdmin('revert-bad');
    const space = await createSpace(client, orgId);
    const other = await createSpace(client, orgId, 'Other');
    const ids = await seedSpace(client, space.id);
    const cr = await createChangeRequest(client, space.id);
    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
    const before = await crRevision(client, space.id, cr.id);
    const fine = { operation: 'update_page', page: ids.Intro, title: 'Changed' };

    expectError(await client.post(url, { changes: [fine, { operation: 'revert_page', page: 'nope' }] }), 404, /changes\[1\]\.page/);
    expectError(
      await client.post(url, { changes: [fine, { operation: 'revert_page', page: ids.Intro, revision: 'nope' }] }),
      404,
      /changes\[1\]\.revision/,
    );
    // Another space's revision exists, but not in this space.
    expectError(
      await client.post(url, { changes: [{ operation: 'revert_page', page: ids.Intro, revision: other.revision }] }),
      404,
      /changes\[0\]\.revision/,
    );
    expectError(
      await client.post(url, { changes: [fine, { operation: 'revert_page', page: ids.Intro, block: ['a', 'zz'] }] }),
      404,
      /changes\[1\]\.block\[1\].*"zz"/,
    );
    expect(await crRevision(client, space.id, cr.id)).toBe(before);

    // Shape errors are caught at the gateway.
    expectError(await client.post(url, { changes: [{ operation: 'revert_page' }] }), 400, /page/);
    expectError(await client.post(url, { changes: [{ operation: 'revert_page', page: ids.Intro, block: 'a' }] }), 400, /block/);
    expectError(await client.post(url, { changes: [{ operation: 'revert_page', page: ids.Intro, block: [''] }] }), 400, /block/);
    expectError(await client.post(url, { changes: [{ operation: 'revert_page', page: ids.Intro, revision: 'a/b' }] }), 400, /revision/);
    expectError(await client.post(url, { changes: [{ operation: 'delete_page', page: ids.Intro, revision: before }] }), 400, /revision/);
    expectError(await client.post(url, { changes: [{ operation: 'update_page', page: ids.Intro, block: ['a'] }] }), 400, /block/);
  });
});

describe('change request content batch: markdown titles and frontmatter', () => {
  it('takes the title from the frontmatter or the leading heading, which leaves the body; reads give the body back alone', async () => {
    const { client, orgId } = await newOrgAdmin('md-title');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const result = await editContent(client, space.id, cr.id, [
      // The heading takes precedence over `title`, as in Git Sync.
      { operation: 'insert_page', title: 'Ignored', document: { markdown: '# Install *now*\n\nRun the installer.\n' } },
      {
        operation: 'insert_page',
        description: 'Ignored too',
        document: {
          markdown:
            '---\ntitle: Setup guide\ndescription: Before you start\nhidden: true\nlayout:\n  width: wide\n---\n\n# Steps\n\nOne.\n',
        },
      },
      { operation: 'insert_page', title: 'Notes', document: { markdown: 'No heading here.\n' } },
    ]);
    const [install, setup, notes] = result.changes.map((c) => (c.page as { id: string }).id);

    const installPage = await crPage(client, space.id, cr.id, install, 'markdown');
    expect(installPage.title).toBe('Install now');
    expect(installPage.markdown).toBe('Run the installer.\n');
    const setupPage = await crPage(client, space.id, cr.id, setup, 'markdown');
    expect(setupPage).toMatchObject({ title: 'Setup guide', description: 'Before you start', hidden: true, slug: 'setup-guide' });
    // The frontmatter gave the title, so the heading is part of the body: a heading-1, which GitBook
    // writes one level below the page title's `#`.
    expect(setupPage.markdown).toBe('## Steps\n\nOne.\n');
    expect((await crPage(client, space.id, cr.id, notes)).title).toBe('Notes');

    // Round trip: the body read back, sent again, changes neither the title nor the body.
    await editContent(client, space.id, cr.id, [
      { operation: 'update_page', page: install, document: { markdown: installPage.markdown! } },
    ]);
    const reread = await crPage(client, space.id, cr.id, install, 'markdown');
    expect(reread).toMatchObject({ title: 'Install now', markdown: 'Run the installer.\n' });
  });

  it('updates page metadata from the frontmatter of update_page, over the fields given beside it', async () => {
    const { client, orgId } = await newOrgAdmin('md-update');
    const space = await createSpace(client, orgId);
    const ids = await seedSpace(client, space.id);
    const cr = await createChangeRequest(client, space.id);
    await editContent(client, space.id, cr.id, [
      {
        operation: 'update_page',
        page: ids.Intro,
        description: 'Overridden',
        document: { markdown: '---\ndescription: Read me first\nnoIndex: true\n---\n# Welcome\n\nHello.\n' },
      },
    ]);
    const page = await crPage(client, space.id, cr.id, ids.Intro, 'markdown');
    expect(page).toMatchObject({ title: 'Intro', description: 'Read me first', noIndex: true });
    // update_page reads metadata from the frontmatter only: the heading stays part of the body (a heading-1, written `##`).
    expect(page.markdown).toBe('## Welcome\n\nHello.\n');
  });

  it('refuses bad frontmatter naming the markdown field, and writes nothing', async () => {
    const { client, orgId } = await newOrgAdmin('md-bad');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
    const before = await crRevision(client, space.id, cr.id);
    const page = (markdown: string) => ({ operation: 'insert_page', document: { markdown } });
    expectError(
      await client.post(url, { changes: [page('ok'), page('---\nhidden: yes\n---\nx\n')] }),
      400,
      /changes\[1\]\.document\.markdown: frontmatter "hidden"/,
    );
    expectError(
      await client.post(url, { changes: [page('---\ntitle: [x\n---\n')] }),
      400,
      /changes\[0\]\.document\.markdown: frontmatter is not valid YAML/,
    );
    expectError(
      await client.post(url, { changes: [page('---\n- a\n---\n')] }),
      400,
      /changes\[0\]\.document\.markdown: frontmatter must be a YAML mapping/,
    );
    expectError(
      await client.post(url, { changes: [page(`# ${'t'.repeat(256)}\n`)] }),
      400,
      /changes\[0\]\.document\.markdown: the leading heading/,
    );
    expect(await crRevision(client, space.id, cr.id)).toBe(before);
  });
});

describe('change request content batch: insert_files from a url', () => {
  it('refuses private, loopback and metadata addresses with a 400 naming the url, and malformed sources', async () => {
    const { client, orgId } = await newOrgAdmin('file-url');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
    const before = await crRevision(client, space.id, cr.id);
    const files = (...list: unknown[]) => ({ changes: [{ operation: 'insert_files', files: list }] });
    const inline = { name: 'a.txt', contentType: 'text/plain', base64: Buffer.from('a').toString('base64') };

    // Refused before any connection is made: the guard checks the address first.
    expectError(
      await client.post(url, files(inline, { name: 'x.png', url: 'http://127.0.0.1:9/x.png' })),
      400,
      /changes\[0\]\.files\[1\]\.url: 127\.0\.0\.1 is a loopback address/,
    );
    expectError(
      await client.post(url, files({ name: 'm', url: 'http://169.254.169.254/latest/meta-data/' })),
      400,
      /files\[0\]\.url: .*link-local/,
    );
    expectError(await client.post(url, files({ name: 'm', url: 'http://[::ffff:10.0.0.1]/x' })), 400, /files\[0\]\.url: .*private/);
    expect(await crRevision(client, space.id, cr.id)).toBe(before);

    // Source shape, at the gateway.
    expectError(await client.post(url, files({ ...inline, url: 'https://127.0.0.1:9/a.txt' })), 400, /url and base64 are exclusive/);
    expectError(await client.post(url, files({ name: 'a', url: 'ftp://127.0.0.1:9/a' })), 400, /url must be an http or https URL/);
    expectError(await client.post(url, files({ name: 'a', url: `https://127.0.0.1:9/${'a'.repeat(2048)}` })), 400, /url/);
    expectError(await client.post(url, files({ name: 'a' })), 400, /base64 or url is required/);
    expectError(await client.post(url, files({ name: 'a', base64: inline.base64 })), 400, /contentType is required with base64/);
  });
});
