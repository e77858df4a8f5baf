import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectError, expectOperation, testStack } from '@bindery/testing';
import {
  type ChangeRequestBody,
  contentDatabase,
  createChangeRequest,
  createSpace,
  documentOf,
  editContent,
  merge,
  type SpaceBody,
  seedSpace,
  spacePage,
  textsOf,
} from './content-helpers';
import { newUser } from './helpers';
import { addMember, newOrganization, type OrgWithAdmin, type TestUser } from './identity-helpers';

interface ListBody<T> {
  items: T[];
  count: number;
  next?: { page: string };
}
interface MemberSpaceBody {
  permission: string;
  space: SpaceBody;
}

/** A user who joined the organization through a link invite that gives no role: a guest. */
async function joinAsGuest(org: OrgWithAdmin): Promise<TestUser> {
  const base = `/v1/orgs/${org.organizationId}`;
  expectOperation(await org.admin.client.patch(base, { inviteLinks: true }), 'updateOrganizationById', 200);
  const link = expectOperation<{ id: string }>(
    await org.admin.client.post(`${base}/link-invites`, { role: null }),
    'createOrganizationInvite',
    201,
  );
  const guest = await newUser('guest');
  expectOperation(await guest.client.post(`${base}/invites/${link.id}`), 'joinOrganizationWithInvite', 200);
  const member = expectOperation<{ role: string | null }>(
    await org.admin.client.get(`${base}/members/${guest.userId}`),
    'getMemberInOrganizationById',
    200,
  );
  expect(member.role).toBeNull();
  return guest;
}

/** The member's spaces as identity reports them (it asks content), by space id. */
async function memberSpaces(org: OrgWithAdmin, userId: string): Promise<Map<string, MemberSpaceBody>> {
  const list = expectOperation<ListBody<MemberSpaceBody>>(
    await org.admin.client.get(`/v1/orgs/${org.organizationId}/members/${userId}/spaces?limit=100`),
    'listSpacesForOrganizationMember',
    200,
  );
  return new Map(list.items.map((item) => [item.space.id, item]));
}

/** These tests take many steps each (a few dozen requests); a loaded machine needs more than the default. */
const SLOW_TEST_MS = 180_000;

describe('security: who reaches which space', () => {
  it(
    'a guest (role null) reaches no private space, page, PDF or change request, and sees none of them in lists',
    async () => {
      const org = await newOrganization('Guest Org');
      const admin = org.admin.client;
      const space = await createSpace(admin, org.organizationId, 'Private handbook');
      const pages = await seedSpace(admin, space.id);
      const cr = await createChangeRequest(admin, space.id, 'Pending edits');
      const collection = expectOperation<{ id: string }>(
        await admin.post(`/v1/orgs/${org.organizationId}/collections`, { title: 'Internal' }),
        'createCollection',
        201,
      );
      expectOperation(await admin.post(`/v1/spaces/${space.id}/move`, { parent: collection.id }), 'moveSpace', 200);
      const guest = await joinAsGuest(org);
      const g = guest.client;

      // Single reads: the 404 of an unknown space, so a guest learns nothing of what exists.
      for (const path of [
        `/v1/spaces/${space.id}`,
        `/v1/spaces/${space.id}/content`,
        `/v1/spaces/${space.id}/content/pages`,
        `/v1/spaces/${space.id}/content/page/${pages.Intro}`,
        `/v1/spaces/${space.id}/pdf`,
        `/v1/spaces/${space.id}/change-requests`,
        `/v1/spaces/${space.id}/change-requests/${cr.id}`,
        `/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`,
        `/v1/spaces/${space.id}/change-requests/${cr.id}/pdf`,
        `/v1/collections/${collection.id}`,
        `/v1/collections/${collection.id}/spaces`,
      ]) {
        expectError(await g.get(path), 404);
      }
      expectError(await g.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Sneaky' }), 404);

      // Lists of the organization: empty, counts included.
      const spaces = expectOperation<ListBody<SpaceBody>>(
        await g.get(`/v1/orgs/${org.organizationId}/spaces`),
        'listSpacesInOrganizationById',
        200,
      );
      expect(spaces).toEqual({ items: [], count: 0 });
      const collections = expectOperation<ListBody<unknown>>(
        await g.get(`/v1/orgs/${org.organizationId}/collections`),
        'listCollectionsInOrganizationById',
        200,
      );
      expect(collections).toEqual({ items: [], count: 0 });
      const changeRequests = expectOperation<ListBody<unknown>>(
        await g.get(`/v1/orgs/${org.organizationId}/change-requests`),
        'listChangeRequestsForOrganization',
        200,
      );
      expect(changeRequests).toEqual({ items: [], count: 0 });
      // Identity reports the same (it asks content): no space for the guest.
      expect((await memberSpaces(org, guest.userId)).size).toBe(0);

      // The admin still sees everything.
      const adminSpaces = expectOperation<ListBody<SpaceBody>>(
        await admin.get(`/v1/orgs/${org.organizationId}/spaces`),
        'listSpacesInOrganizationById',
        200,
      );
      expect(adminSpaces.items.map((s) => s.id)).toEqual([space.id]);

      // A space shared by link stays viewable with its key, by a guest as by anyone.
      const db = await contentDatabase();
      try {
        const rows = await db.query<{ share_key: string }>(
          "UPDATE content.spaces SET visibility = 'share-link' WHERE id = $1 RETURNING share_key",
          [space.id],
        );
        const shared = expectOperation<SpaceBody>(
          await g.get(`/v1/spaces/${space.id}?shareKey=${rows.rows[0].share_key}`),
          'getSpaceById',
          200,
        );
        expect(shared.permissions).toMatchObject({ admin: false, edit: false });
        expectError(await g.get(`/v1/spaces/${space.id}?shareKey=wrongKey`), 404);
      } finally {
        await db.end();
      }
    },
    SLOW_TEST_MS,
  );

  it(
    "a space's defaultLevel caps members below create, in content and in what identity reports",
    async () => {
      const org = await newOrganization('Levels Org');
      const admin = org.admin.client;
      const editor = await addMember(org, 'edit', 'editor');
      const creator = await addMember(org, 'create', 'creator');
      const reader = await addMember(org, 'read', 'reader');
      const capped = await createSpace(admin, org.organizationId, 'Read only');
      await seedSpace(admin, capped.id);
      const open = await createSpace(admin, org.organizationId, 'Open');
      const adminCr = await createChangeRequest(admin, capped.id, 'By the admin');
      expectOperation(await admin.patch(`/v1/spaces/${capped.id}`, { defaultLevel: 'read' }), 'updateSpaceById', 200);

      // The edit member reads the capped space and may not change it.
      const seen = expectOperation<SpaceBody>(await editor.client.get(`/v1/spaces/${capped.id}`), 'getSpaceById', 200);
      expect(seen.permissions).toMatchObject({ edit: false, admin: false });
      expect((seen.permissions as unknown as Record<string, boolean>).view).toBe(true);
      expectError(await editor.client.post(`/v1/spaces/${capped.id}/change-requests`, { subject: 'No' }), 403, /edit/);
      expectError(await editor.client.post(`/v1/spaces/${capped.id}/change-requests/${adminCr.id}/merge`), 403);
      expectError(
        await editor.client.post(`/v1/spaces/${capped.id}/change-requests/${adminCr.id}/content?compat=false`, {
          changes: [{ operation: 'insert_page', title: 'No', document: documentOf(['n', 'no']) }],
        }),
        403,
      );
      // …and keeps their own role on a space that inherits.
      const openSeen = expectOperation<SpaceBody>(await editor.client.get(`/v1/spaces/${open.id}`), 'getSpaceById', 200);
      expect(openSeen.permissions).toMatchObject({ edit: true, admin: false });
      await createChangeRequest(editor.client, open.id, 'Fine here');

      // Lists carry each space's own permissions.
      const listed = expectOperation<ListBody<SpaceBody>>(
        await editor.client.get(`/v1/orgs/${org.organizationId}/spaces`),
        'listSpacesInOrganizationById',
        200,
      );
      expect(Object.fromEntries(listed.items.map((s) => [s.id, s.permissions.edit]))).toEqual({ [capped.id]: false, [open.id]: true });

      // A higher default level never widens: a read member stays read.
      expectOperation(await admin.patch(`/v1/spaces/${open.id}`, { defaultLevel: 'admin' }), 'updateSpaceById', 200);
      expectError(await reader.client.post(`/v1/spaces/${open.id}/change-requests`, { subject: 'No' }), 403);
      expectOperation(await admin.patch(`/v1/spaces/${open.id}`, { defaultLevel: 'inherit' }), 'updateSpaceById', 200);

      // create and admin still administrate the capped space.
      for (const client of [admin, creator.client]) {
        const asAdmin = expectOperation<SpaceBody>(await client.get(`/v1/spaces/${capped.id}`), 'getSpaceById', 200);
        expect(asAdmin.permissions).toMatchObject({ edit: true, admin: true });
        await createChangeRequest(client, capped.id, 'Still allowed');
      }

      // Identity's report agrees with what content applied.
      const editorSpaces = await memberSpaces(org, editor.userId);
      expect(editorSpaces.get(capped.id)?.permission).toBe('read');
      expect(editorSpaces.get(open.id)?.permission).toBe('edit');
      expect(editorSpaces.get(capped.id)?.space.permissions).toMatchObject({ edit: false, admin: false });
      expect((await memberSpaces(org, creator.userId)).get(capped.id)?.permission).toBe('create');
    },
    SLOW_TEST_MS,
  );

  it(
    "a collection's defaultLevel caps the spaces that inherit inside it, in content, lists, identity and review requests",
    async () => {
      const org = await newOrganization('Collection Levels Org');
      const admin = org.admin.client;
      const editor = await addMember(org, 'edit', 'editor');
      const creator = await addMember(org, 'create', 'creator');
      const capped = await createSpace(admin, org.organizationId, 'Read only');
      expectOperation(await admin.patch(`/v1/spaces/${capped.id}`, { defaultLevel: 'read' }), 'updateSpaceById', 200);
      const open = await createSpace(admin, org.organizationId, 'Open');
      const collection = expectOperation<{ id: string }>(
        await admin.post(`/v1/orgs/${org.organizationId}/collections`, { title: 'Comment only' }),
        'createCollection',
        201,
      );
      expectOperation(await admin.patch(`/v1/collections/${collection.id}`, { defaultLevel: 'comment' }), 'updateCollectionById', 200);
      expectOperation(await admin.post(`/v1/spaces/${open.id}/move`, { parent: collection.id }), 'moveSpace', 200);
      const inside = expectOperation<SpaceBody>(await editor.client.get(`/v1/spaces/${open.id}`), 'getSpaceById', 200);
      expect(inside.permissions).toMatchObject({ edit: false });
      expectError(await editor.client.post(`/v1/spaces/${open.id}/change-requests`, { subject: 'No' }), 403);
      const inCollection = expectOperation<ListBody<SpaceBody>>(
        await editor.client.get(`/v1/collections/${collection.id}/spaces`),
        'listSpacesInCollectionById',
        200,
      );
      expect(inCollection.items.map((s) => s.permissions.edit)).toEqual([false]);

      // Identity reports exactly the levels content applies.
      const editorSpaces = await memberSpaces(org, editor.userId);
      expect(editorSpaces.get(capped.id)?.permission).toBe('read');
      expect(editorSpaces.get(open.id)?.permission).toBe('comment');
      expect(editorSpaces.get(capped.id)?.space.permissions.edit).toBe(false);
      const creatorSpaces = await memberSpaces(org, creator.userId);
      expect(creatorSpaces.get(capped.id)?.permission).toBe('create');

      // A reviewer is asked for at their level on the space, not their organization role.
      const reviewer = await addMember(org, 'review', 'reviewer');
      const cr = await createChangeRequest(admin, capped.id, 'Please review');
      expectError(
        await admin.post(`/v1/spaces/${capped.id}/change-requests/${cr.id}/requested-reviewers`, { users: [reviewer.userId] }),
        400,
        new RegExp(`${reviewer.userId} \\(read\\)`),
      );
    },
    SLOW_TEST_MS,
  );

  it(
    'merges that read several revisions and page bodies leave no concurrent-query warning in the content log',
    async () => {
      const org = await newOrganization('Merge Org');
      const admin = org.admin.client;
      const space = await createSpace(admin, org.organizationId, 'Merged');
      const pages = await seedSpace(admin, space.id);
      const first: ChangeRequestBody = await createChangeRequest(admin, space.id, 'First block');
      const last: ChangeRequestBody = await createChangeRequest(admin, space.id, 'Last block');
      const intro = await spacePage(admin, space.id, pages.Intro);
      const edit = (texts: string[]) => documentOf(['a', texts[0]], ['b', texts[1]], ['c', texts[2]]) as { document: unknown };
      await editContent(admin, space.id, first.id, [
        { operation: 'update_page', page: pages.Intro, document: edit(['ALPHA', 'bravo', 'charlie']) },
      ]);
      await editContent(admin, space.id, last.id, [
        { operation: 'update_page', page: pages.Intro, document: edit(['alpha', 'bravo', 'CHARLIE']) },
      ]);
      expect(textsOf(intro)).toEqual(['alpha', 'bravo', 'charlie']);
      await merge(admin, space.id, first.id);
      // Both sides changed the same page in different blocks: a three-way merge of trees and bodies.
      await merge(admin, space.id, last.id);
      expect(textsOf(await spacePage(admin, space.id, pages.Intro))).toEqual(['ALPHA', 'bravo', 'CHARLIE']);

      const log = readFileSync(join(testStack().dataDir, 'logs', 'content.log'), 'utf8');
      expect(log).not.toMatch(/already executing a query/);
    },
    SLOW_TEST_MS,
  );
});
