import { expectError, expectOperation, OpenApiValidator } from '@bindery/testing';
import { createSpace, newOrgAdmin } from './content-helpers';
import { eventually, newUser } from './helpers';
import { addMember, type TestUser } from './identity-helpers';
import {
  type GroupBody,
  type OrgAdmin,
  type PublishedBody,
  type SectionBody,
  type SiteBody,
  type SiteSpaceBody,
  siteWithSpaces,
} from './sites-helpers';

interface List<T> {
  count: number;
  items: T[];
  next?: { page: string };
}

describe('sites: sites, site spaces, sections, groups and the published structure over HTTP', () => {
  // One organization for the tests that need no other (each makes its own site).
  let shared: OrgAdmin;
  beforeAll(async () => {
    shared = await newOrgAdmin('sites');
  });

  it('creates, lists with filters, patches every field, publishes, and deletes a site', async () => {
    const { client, orgId, siteId, spaceIds, base } = await siteWithSpaces(2, 'sitecrud');
    const site = expectOperation<SiteBody>(await client.get(base), 'getSiteById', 200);
    expect(site).toMatchObject({
      title: 'Docs',
      published: false,
      siteSpaces: 2,
      visibility: 'public',
      type: 'basic',
      appliedType: 'basic',
    });
    expect(site.urls.published).toBeUndefined();

    const other = expectOperation<SiteBody>(
      await client.post(`/v1/orgs/${orgId}/sites`, { title: 'Other', visibility: 'unlisted' }),
      'createSite',
      201,
    );
    const all = expectOperation<List<SiteBody>>(await client.get(`/v1/orgs/${orgId}/sites?limit=1`), 'listSites', 200);
    expect(all).toMatchObject({ count: 2, items: [{ id: siteId }], next: { page: expect.any(String) } });
    const bySpace = expectOperation<List<SiteBody>>(await client.get(`/v1/orgs/${orgId}/sites?space=${spaceIds[0]}`), 'listSites', 200);
    expect(bySpace.items.map((s) => s.id)).toEqual([siteId]);
    const byTitle = expectOperation<List<SiteBody>>(await client.get(`/v1/orgs/${orgId}/sites?title=oth`), 'listSites', 200);
    expect(byTitle.items.map((s) => s.id)).toEqual([other.id]);

    const patched = expectOperation<SiteBody>(
      await client.patch(base, {
        title: 'Developer docs',
        visibility: 'share-link',
        basename: 'dev',
        proxy: 'example.com/docs',
        adaptiveContent: { enabled: true },
        agentsContext: 'excluded',
        hostname: 'docs.example.com',
      }),
      'updateSiteById',
      200,
    );
    expect(patched).toMatchObject({
      title: 'Developer docs',
      visibility: 'share-link',
      basename: 'dev',
      hostname: 'docs.example.com',
      proxy: { origin: 'example.com/docs' },
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
    });
    expect(
      expectOperation<SiteBody>(await client.patch(base, { proxy: null, hostname: null }), 'updateSiteById', 200).proxy,
    ).toBeUndefined();
    // Basenames are unique per hostname (here: the organization's).
    expectError(await client.patch(`/v1/orgs/${orgId}/sites/${other.id}`, { basename: 'dev' }), 409, /basename/);

    const published = expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);
    expect(published.published).toBe(true);
    expect(published.urls.published).toMatch(new RegExp(`/${orgId}/dev/~share/${published.shareKey}$`));
    const onlyPublished = expectOperation<List<SiteBody>>(await client.get(`/v1/orgs/${orgId}/sites?published=true`), 'listSites', 200);
    expect(onlyPublished.items.map((s) => s.id)).toEqual([siteId]);
    expect(expectOperation<SiteBody>(await client.post(`${base}/unpublish`), 'unpublishSite', 200).published).toBe(false);

    expectOperation(await client.delete(base), 'deleteSiteById', 204);
    expectOperation(await client.delete(base), 'deleteSiteById', 204);
    expectError(await client.get(base), 404);
  });

  it('site spaces: list with default, add (default section or root), patch path / condition / spaceId, move, delete', async () => {
    const { client, orgId, siteId, spaceIds, base } = await siteWithSpaces(2, 'sitespaces', shared);
    const listed = expectOperation<List<SiteSpaceBody>>(await client.get(`${base}/site-spaces`), 'listSiteSpaces', 200);
    expect(listed.items.map((s) => [s.space.id, s.title, s.path, s.default])).toEqual([
      [spaceIds[0], 'Space 1', 'space-1', true],
      [spaceIds[1], 'Space 2', 'space-2', false],
    ]);
    const onlyDefault = expectOperation<List<SiteSpaceBody>>(await client.get(`${base}/site-spaces?default=true`), 'listSiteSpaces', 200);
    expect(onlyDefault.items.map((s) => s.space.id)).toEqual([spaceIds[0]]);

    const third = await createSpace(client, orgId, 'Reference');
    const added = expectOperation<SiteSpaceBody>(await client.post(`${base}/site-spaces`, { spaceId: third.id }), 'addSpaceToSite', 201);
    expect(added).toMatchObject({ path: 'reference', default: false, space: { id: third.id, title: 'Reference' } });
    expect(added.section).toBeUndefined();

    const patched = expectOperation<SiteSpaceBody>(
      await client.patch(`${base}/site-spaces/${added.id}`, { path: 'api', condition: 'visitor.claims.role == "admin"' }),
      'updateSiteSpaceById',
      200,
    );
    expect(patched).toMatchObject({ path: 'api', condition: 'visitor.claims.role == "admin"' });
    // Omitted: unchanged; null: removed.
    expect(
      expectOperation<SiteSpaceBody>(await client.patch(`${base}/site-spaces/${added.id}`, { path: 'api2' }), 'updateSiteSpaceById', 200)
        .condition,
    ).toBe('visitor.claims.role == "admin"');
    expect(
      expectOperation<SiteSpaceBody>(await client.patch(`${base}/site-spaces/${added.id}`, { condition: null }), 'updateSiteSpaceById', 200)
        .condition,
    ).toBeUndefined();
    const repointed = expectOperation<SiteSpaceBody>(
      await client.patch(`${base}/site-spaces/${added.id}`, { spaceId: spaceIds[0] }),
      'updateSiteSpaceById',
      200,
    );
    expect(repointed.space.id).toBe(spaceIds[0]);
    expectError(await client.patch(`${base}/site-spaces/${added.id}`, { path: 'space-2' }), 409, /path/);

    const moved = expectOperation<SiteSpaceBody>(
      await client.post(`${base}/site-spaces/${added.id}/move`, {
        position: { before: { type: 'site-space', siteSpace: listed.items[0].id } },
      }),
      'moveSiteSpace',
      200,
    );
    expect(moved.default).toBe(true);
    const order = expectOperation<List<SiteSpaceBody>>(await client.get(`${base}/site-spaces`), 'listSiteSpaces', 200);
    expect(order.items.map((s) => s.id)).toEqual([added.id, listed.items[0].id, listed.items[1].id]);
    expectError(
      await client.post(`${base}/site-spaces/${added.id}/move`, { position: { after: { type: 'site-space', siteSpace: 'nope' } } }),
      400,
      /position/,
    );
    expectError(await client.post(`${base}/site-spaces/missing/move`, {}), 404);

    expectOperation(await client.delete(`${base}/site-spaces/${added.id}`), 'deleteSiteSpaceById', 204);
    expectOperation(await client.delete(`${base}/site-spaces/${added.id}`), 'deleteSiteSpaceById', 204);
    expect(expectOperation<SiteBody>(await client.get(`/v1/orgs/${orgId}/sites/${siteId}`), 'getSiteById', 200).siteSpaces).toBe(2);
  });

  it('sections and groups: add (root site spaces join the first section), patch, move, nest, take and release, sort, delete', async () => {
    const { client, orgId, spaceIds, base } = await siteWithSpaces(1, 'sections', shared);
    const guides = await createSpace(client, orgId, 'Guides');
    const api = await createSpace(client, orgId, 'API');
    const first = expectOperation<SectionBody>(
      await client.post(`${base}/sections`, { spaceId: guides.id, title: 'Guides', icon: 'book' }),
      'addSectionToSite',
      201,
    );
    // The site's first section takes the site spaces that were at the root.
    expect(first.siteSpaces.map((s) => s.space.id)).toEqual([spaceIds[0], guides.id]);
    expect(first).toMatchObject({ default: true, path: 'guides' });
    const second = expectOperation<SectionBody>(await client.post(`${base}/sections`, { spaceId: api.id }), 'addSectionToSite', 201);
    expect(second).toMatchObject({ title: 'API', default: false });
    // A site space added without a section goes to the default section.
    const extra = await createSpace(client, orgId, 'Extra');
    expect(
      expectOperation<SiteSpaceBody>(await client.post(`${base}/site-spaces`, { spaceId: extra.id }), 'addSpaceToSite', 201).section,
    ).toBe(first.id);
    const intoSecond = expectOperation<SiteSpaceBody>(
      await client.post(`${base}/site-spaces`, { spaceId: extra.id, sectionId: second.id }),
      'addSpaceToSite',
      201,
    );
    expect(intoSecond.section).toBe(second.id);

    const updated = expectOperation<SectionBody>(
      await client.patch(`${base}/sections/${second.id}`, {
        title: 'API reference',
        path: 'reference',
        description: 'Every endpoint',
        icon: 'code',
        condition: 'visitor.claims.role == "admin"',
        defaultSiteSpace: intoSecond.id,
      }),
      'updateSiteSectionById',
      200,
    );
    expect(updated).toMatchObject({
      title: 'API reference',
      path: 'reference',
      description: 'Every endpoint',
      icon: 'code',
      condition: 'visitor.claims.role == "admin"',
    });
    expect(updated.siteSpaces.find((s) => s.id === intoSecond.id)?.default).toBe(true);
    expectError(await client.patch(`${base}/sections/${second.id}`, { path: 'guides' }), 409, /path/);
    expectError(await client.patch(`${base}/sections/${second.id}`, { defaultSiteSpace: first.siteSpaces[0].id }), 400, /defaultSiteSpace/);

    const moved = expectOperation<SectionBody>(
      await client.post(`${base}/sections/${second.id}/move`, { position: { before: { type: 'site-section', siteSection: first.id } } }),
      'moveSiteSection',
      200,
    );
    expect(moved.id).toBe(second.id);
    const sections = expectOperation<List<SectionBody>>(await client.get(`${base}/sections`), 'listSiteSections', 200);
    expect(sections.items.map((s) => s.id)).toEqual([second.id, first.id]);
    expectError(
      await client.post(`${base}/sections/${second.id}/move`, { position: { before: { type: 'site-section', siteSection: 'missing' } } }),
      400,
      /position/,
    );
    expectError(await client.post(`${base}/sections/missing/move`, {}), 404);

    const group = expectOperation<GroupBody>(
      await client.post(`${base}/section-groups`, { title: 'Products', sections: [first.id] }),
      'addSectionGroupToSite',
      201,
    );
    expect(group.children.map((c) => c.id)).toEqual([first.id]);
    const nested = expectOperation<GroupBody>(
      await client.post(`${base}/section-groups`, { title: 'Inner', parent: group.id }),
      'addSectionGroupToSite',
      201,
    );
    expect(nested.sectionGroup).toBe(group.id);
    // A group cannot become its own parent or its descendant's child.
    expectError(await client.patch(`${base}/section-groups/${group.id}`, { parentSectionGroupId: group.id }), 400, /itself/);
    expectError(await client.patch(`${base}/section-groups/${group.id}`, { parentSectionGroupId: nested.id }), 400, /itself/);
    const renamed = expectOperation<GroupBody>(
      await client.patch(`${base}/section-groups/${group.id}`, { title: 'All products', icon: 'box' }),
      'updateSiteSectionGroupById',
      200,
    );
    expect(renamed.title).toBe('All products');

    const took = await client.post(`${base}/section-groups/${nested.id}/sections`, { sectionId: second.id });
    const withSection = expectOperation<GroupBody>(took, 'addSectionToGroup', 201, new OpenApiValidator('@gitbook/api-0.146'));
    expect(withSection.children.map((c) => c.id)).toEqual([second.id]);
    expectOperation(await client.delete(`${base}/section-groups/${nested.id}/sections/${second.id}`), 'deleteSiteSectionGroupById', 204);
    expectOperation(await client.delete(`${base}/section-groups/${nested.id}/sections/${second.id}`), 'deleteSiteSectionGroupById', 204);
    const groups = expectOperation<List<GroupBody>>(await client.get(`${base}/section-groups`), 'listSiteSectionGroups', 200);
    expect(groups.items.map((g) => g.id)).toEqual([group.id, nested.id]);
    // Released: right after its former group, in that group's parent.
    expect(groups.items[0].children.map((c) => c.id)).toEqual([first.id, nested.id, second.id]);

    const movedGroup = expectOperation<GroupBody>(
      await client.post(`${base}/section-groups/${nested.id}/move`, { position: { after: { type: 'site-section-group', id: group.id } } }),
      'moveSiteSectionGroup',
      200,
    );
    expect(movedGroup.sectionGroup).toBeUndefined();
    expectError(
      await client.post(`${base}/section-groups/${group.id}/move`, { position: { before: { type: 'site-section', id: first.id } } }),
      400,
      /itself/,
    );

    const sorted = expectOperation<SectionBody>(
      await client.patch(`${base}/structure/sort`, {
        item: { type: 'site-section', id: second.id },
        position: { before: { type: 'site-section-group', id: group.id } },
      }),
      'sortSiteStructure',
      200,
    );
    expect(sorted.sectionGroup).toBeUndefined();
    expectError(
      await client.patch(`${base}/structure/sort`, {
        item: { type: 'site-space', id: intoSecond.id },
        position: { before: { type: 'site-section', id: first.id } },
      }),
      400,
    );

    expectOperation(await client.delete(`${base}/section-groups/${group.id}`), 'deleteSiteSectionGroupById', 204);
    const afterGroupDelete = expectOperation<List<SectionBody>>(await client.get(`${base}/sections`), 'listSiteSections', 200);
    expect(afterGroupDelete.items.map((s) => [s.id, s.sectionGroup])).toEqual([
      [second.id, undefined],
      [first.id, undefined],
    ]);
    expectOperation(await client.delete(`${base}/sections/${second.id}`), 'deleteSiteSectionById', 204);
    expectOperation(await client.delete(`${base}/sections/${second.id}`), 'deleteSiteSectionById', 204);
    expect(expectOperation<List<SectionBody>>(await client.get(`${base}/sections`), 'listSiteSections', 200).count).toBe(1);
  });

  it('published structure: 404 until published, share keys, adaptive schema, conditions per visitor', async () => {
    const { client, orgId, siteId, spaceIds, base } = await siteWithSpaces(2, 'published', shared);
    expectError(await client.get(`${base}/published`), 404);
    const site = expectOperation<SiteBody>(
      await client.patch(base, { basename: 'handbook', visibility: 'share-link' }),
      'updateSiteById',
      200,
    );
    expectOperation(await client.post(`${base}/publish`), 'publishSite', 200);

    const withoutKey = expectOperation<PublishedBody>(await client.get(`${base}/published`), 'getPublishedContentSite', 200);
    expect(withoutKey.structure.type).toBe('siteSpaces');
    expect((withoutKey.structure.structure as SiteSpaceBody[])[0].urls.published).toBeUndefined();
    const withKey = expectOperation<PublishedBody>(
      await client.get(`${base}/published?shareKey=${site.shareKey}`),
      'getPublishedContentSite',
      200,
    );
    expect((withKey.structure.structure as SiteSpaceBody[]).map((s) => s.urls.published)).toEqual([
      expect.stringMatching(new RegExp(`/${orgId}/handbook/~share/${site.shareKey}$`)),
      expect.stringMatching(new RegExp(`/${orgId}/handbook/~share/${site.shareKey}/space-2$`)),
    ]);

    // Adaptive schema: GET the empty one, PUT one, template conditions from it, bad ones refused.
    expect(
      expectOperation<{ jsonSchema: unknown }>(await client.get(`${base}/adaptive-schema`), 'getSiteAdaptiveSchema', 200).jsonSchema,
    ).toMatchObject({
      type: 'object',
      properties: {},
    });
    const jsonSchema = {
      type: 'object',
      properties: {
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          properties: { beta: { type: 'boolean', description: 'Beta program' } },
          additionalProperties: false,
        },
        role: { type: 'string', description: 'Member role' },
      },
      additionalProperties: false,
    };
    expectOperation(await client.put(`${base}/adaptive-schema`, { jsonSchema }), 'updateSiteAdaptiveSchema', 200);
    const templates = expectOperation<{ items: Array<{ condition: string }> }>(
      await client.get(`${base}/adaptive-schema/template-conditions`),
      'listSiteAdaptiveTemplateConditions',
      200,
    );
    expect(templates.items.map((i) => i.condition)).toEqual(['visitor.claims.unsigned.beta == true']);
    expectError(
      await client.put(`${base}/adaptive-schema`, { jsonSchema: { ...jsonSchema, additionalProperties: true } }),
      400,
      /jsonSchema/,
    );
    expectError(await client.put(`${base}/adaptive-schema`, { jsonSchema: 'x' }), 400, /jsonSchema/);

    const spaces = expectOperation<List<SiteSpaceBody>>(await client.get(`${base}/site-spaces`), 'listSiteSpaces', 200).items;
    await client.patch(`${base}/site-spaces/${spaces[1].id}`, { condition: 'visitor.claims.unsigned.beta == true' });
    const adminOnly = await createSpace(client, orgId, 'Admins');
    const adminSpace = expectOperation<SiteSpaceBody>(
      await client.post(`${base}/site-spaces`, { spaceId: adminOnly.id }),
      'addSpaceToSite',
      201,
    );
    await client.patch(`${base}/site-spaces/${adminSpace.id}`, { condition: 'visitor.claims.role == "admin"' });
    await client.patch(base, { adaptiveContent: { enabled: true } });

    const ids = (body: PublishedBody) => (body.structure.structure as SiteSpaceBody[]).map((s) => s.space.id);
    const anonymous = expectOperation<PublishedBody>(await client.get(`${base}/published`), 'getPublishedContentSite', 200);
    expect(ids(anonymous)).toEqual([spaceIds[0]]);
    const beta = expectOperation<PublishedBody>(
      await client.get(`${base}/published?visitorClaims=${encodeURIComponent(JSON.stringify({ beta: true, role: 'admin' }))}`),
      'getPublishedContentSite',
      200,
    );
    // Unsigned claims only count where the schema declares them: `role` must come signed.
    expect(ids(beta)).toEqual([spaceIds[0], spaceIds[1]]);
    const token = (await client.post(`/v1/orgs/${orgId}/ping`)).body as { serviceVisitorClaims: string };
    const signed = expectOperation<PublishedBody>(
      await client.get(`${base}/published?visitorToken=${token.serviceVisitorClaims}`),
      'getPublishedContentSite',
      200,
    );
    expect(ids(signed)).toEqual([spaceIds[0], adminOnly.id]);
    expectError(await client.get(`${base}/published?visitorToken=${token.serviceVisitorClaims}x`), 401);
    expectError(await client.get(`${base}/published?visitorClaims=nope`), 400, /visitorClaims/);
    expect(siteId).toBeTruthy();

    // Sections hide by condition too; unpublishing makes the structure 404 again.
    const sectioned = await createSpace(client, orgId, 'Sectioned');
    const section = expectOperation<SectionBody>(await client.post(`${base}/sections`, { spaceId: sectioned.id }), 'addSectionToSite', 201);
    const hidden = expectOperation<SectionBody>(
      await client.post(`${base}/sections`, { spaceId: sectioned.id, title: 'Beta' }),
      'addSectionToSite',
      201,
    );
    await client.patch(`${base}/sections/${hidden.id}`, { condition: 'visitor.claims.unsigned.beta' });
    const tree = expectOperation<PublishedBody>(await client.get(`${base}/published`), 'getPublishedContentSite', 200);
    expect((tree.structure.structure as SectionBody[]).map((s) => s.id)).toEqual([section.id]);
    expect((tree.structure.structure as SectionBody[])[0].siteSpaces.map((s) => s.space.id)).toEqual([spaceIds[0], sectioned.id]);
    await client.post(`${base}/unpublish`);
    expectError(await client.get(`${base}/published`), 404);
  });

  it('follows content: a renamed space is renamed in its site spaces, a deleted one leaves the site', async () => {
    const { client, orgId, siteId, spaceIds, base } = await siteWithSpaces(2, 'follow', shared);
    expectOperation(await client.patch(`/v1/spaces/${spaceIds[0]}`, { title: 'Renamed' }), 'updateSpaceById', 200);
    await client.delete(`/v1/spaces/${spaceIds[1]}`);
    await eventually(async () => {
      const listed = expectOperation<List<SiteSpaceBody>>(await client.get(`${base}/site-spaces`), 'listSiteSpaces', 200);
      expect(listed.items.map((s) => [s.space.id, s.title])).toEqual([[spaceIds[0], 'Renamed']]);
    }, 15_000);
    expect(expectOperation<SiteBody>(await client.get(`/v1/orgs/${orgId}/sites/${siteId}`), 'getSiteById', 200).siteSpaces).toBe(1);
  });

  it('keeps organizations apart and refuses bad input with the field named', async () => {
    const { client, orgId, base, siteId } = await siteWithSpaces(1, 'isolation', shared);
    const stranger = await siteWithSpaces(1, 'stranger');
    const outsider = await newUser('site-outsider');
    expectError(await outsider.client.get(base), 404);
    expectError(await outsider.client.get(`/v1/orgs/${orgId}/sites`), 404);
    expectError(await stranger.client.get(base), 404);
    // The other organization's site through this organization's path, and the other way round.
    expectError(await client.get(`/v1/orgs/${orgId}/sites/${stranger.siteId}`), 404);
    expectError(await stranger.client.get(`/v1/orgs/${stranger.orgId}/sites/${siteId}`), 404);
    // A space of another organization is not found; a section of another site is refused.
    expectError(await client.post(`${base}/site-spaces`, { spaceId: stranger.spaceIds[0] }), 404, /spaceId/);
    expectError(await client.post(`/v1/orgs/${orgId}/sites`, { title: 'Mixed', spaces: [stranger.spaceIds[0]] }), 404, /spaces\[0\]/);
    const strangerSection = expectOperation<SectionBody>(
      await stranger.client.post(`${stranger.base}/sections`, { spaceId: stranger.spaceIds[0] }),
      'addSectionToSite',
      201,
    );
    expectError(
      await client.post(`${base}/site-spaces`, { spaceId: (await createSpace(client, orgId)).id, sectionId: strangerSection.id }),
      404,
      /sectionId/,
    );
    expectError(await client.post(`${base}/section-groups`, { title: 'G', sections: [strangerSection.id] }), 400, /sections\[0\]/);
    expectError(await client.patch(base, { defaultSiteSection: strangerSection.id }), 400, /defaultSiteSection/);

    // An organization's default content must be one of its sites (identity asks sites).
    expectError(
      await client.patch(`/v1/orgs/${orgId}`, { defaultContent: { type: 'site', site: stranger.siteId } }),
      400,
      /defaultContent/,
    );
    expectError(await client.patch(`/v1/orgs/${orgId}`, { defaultContent: { type: 'site', site: 'nosuchsite' } }), 400, /defaultContent/);
    const withDefault = expectOperation<{ defaultContent?: unknown }>(
      await client.patch(`/v1/orgs/${orgId}`, { defaultContent: { type: 'site', site: siteId } }),
      'updateOrganizationById',
      200,
    );
    expect(withDefault.defaultContent).toEqual({ type: 'site', site: siteId });

    const siteSpace = expectOperation<List<SiteSpaceBody>>(await client.get(`${base}/site-spaces`), 'listSiteSpaces', 200).items[0];
    const bad: Array<[string, unknown, RegExp]> = [
      [base, { title: 'x' }, /title/],
      [base, { title: 'x'.repeat(129) }, /title/],
      [base, { basename: '' }, /basename/],
      [base, { basename: 'b'.repeat(101) }, /basename/],
      [base, { hostname: 'localhost' }, /hostname/],
      [base, { hostname: `${'a'.repeat(60)}.${'b'.repeat(60)}.`.repeat(5) + 'com' }, /hostname/],
      [base, { proxy: 'not a proxy' }, /proxy/],
      [base, { proxy: `example.com/${'p'.repeat(512)}` }, /proxy/],
      [base, { visibility: 'secret' }, /visibility/],
      [base, { adaptiveContent: { enabled: 'yes' } }, /enabled/],
      [`${base}/site-spaces/${siteSpace.id}`, { path: '' }, /path/],
      [`${base}/site-spaces/${siteSpace.id}`, { path: 'p'.repeat(101) }, /path/],
      [`${base}/site-spaces/${siteSpace.id}`, { condition: 'x'.repeat(1025) }, /condition/],
      [`${base}/site-spaces/${siteSpace.id}`, { condition: 'visitor.claims.a ==' }, /condition: .*position \d+/],
      [`${base}/site-spaces/${siteSpace.id}`, { condition: 'require("fs")' }, /condition/],
    ];
    for (const [path, body, pattern] of bad) expectError(await client.patch(path, body), 400, pattern);
    expectError(await client.post(`/v1/orgs/${orgId}/sites`, { title: 'x' }), 400, /title/);
    expectError(await client.post(`/v1/orgs/${orgId}/sites`, { type: 'gold' }), 400, /type/);
    expectError(await client.post(`${base}/site-spaces`, {}), 400, /spaceId/);
    expectError(await client.get(`/v1/orgs/${orgId}/sites?published=maybe`), 400, /published/);

    // A member below `create` reads sites but cannot change them.
    const reader = await addMember({ organizationId: orgId, admin: { client } as TestUser }, 'read', 'site-reader');
    expectOperation(await reader.client.get(base), 'getSiteById', 200);
    expectError(await reader.client.patch(base, { title: 'Mine now' }), 403);
  });
});
