import { ContentSubjects, IdentitySubjects, type MemberRole, type MembershipGetResult, type Space } from '@bindery/contracts';
import { loadConfig, newId } from '@bindery/platform';
import { callerFor, type ServiceAlone, startServiceAlone } from '@bindery/testing/service-alone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentEnv } from '../../src/config/content.env';
import { ContentModule } from '../../src/content.module';
import { SpacesRepository } from '../../src/store/spaces.repository';

// Content alone: its real module and schema; identity, which owns memberships, is a stub on NATS
// answering `identity.membership.get` from this table (organization → user → role, null = guest).
let content: ServiceAlone;
const memberships = new Map<string, Map<string, MemberRole | null>>();

function newOrganization(roles: Record<string, MemberRole | null>): string {
  const organizationId = newId();
  memberships.set(organizationId, new Map(Object.entries(roles)));
  return organizationId;
}

beforeAll(async () => {
  content = await startServiceAlone({ app: 'content', module: (env) => ContentModule.forService(loadConfig(ContentEnv, env)) });
  await content.stubPeer(IdentitySubjects.membershipGet, (data: { organizationId: string; userId: string }): MembershipGetResult => {
    const role = memberships.get(data.organizationId)?.get(data.userId);
    return role === undefined ? { member: false, role: null } : { member: true, role };
  });
});

afterAll(async () => {
  await content?.stop();
});

describe('spaces through the handler, access decided by identity memberships', () => {
  const [creator, reader, guest, outsider] = ['creator', 'reader', 'guest', 'outsider'].map((name) => callerFor(`${name}-${newId()}`));
  let organizationId: string;
  const created: Space[] = [];

  beforeAll(async () => {
    organizationId = newOrganization({ [creator.userId]: 'create', [reader.userId]: 'read', [guest.userId]: null });
    for (const title of ['Handbook', 'API', 'Changelog']) {
      created.push(await content.send(ContentSubjects.spaceCreate, { organizationId, title }, { caller: creator }));
    }
  });

  it('creates spaces with the creator’s role as their level and reads them back', async () => {
    expect(created.map((s) => s.title)).toEqual(['Handbook', 'API', 'Changelog']);
    expect(created[0]).toMatchObject({ object: 'space', visibility: 'private', permissions: { view: true, edit: true } });
    const got = await content.send(ContentSubjects.spaceGet, { spaceId: created[0].id }, { caller: reader });
    expect(got).toMatchObject({ id: created[0].id, title: 'Handbook', permissions: { view: true, edit: false, admin: false } });
  });

  it('lists them a page at a time for a reader', async () => {
    const first = await content.send(ContentSubjects.spaceList, { organizationId, limit: 2 }, { caller: reader });
    expect(first.count).toBe(3);
    expect(first.items).toHaveLength(2);
    const second = await content.send(ContentSubjects.spaceList, { organizationId, limit: 2, page: first.next!.page }, { caller: reader });
    expect(second.next).toBeUndefined();
    expect([...first.items, ...second.items].map((s) => s.id).sort()).toEqual(created.map((s) => s.id).sort());
  });

  it('refuses to create below the create role (403)', async () => {
    await expect(content.send(ContentSubjects.spaceCreate, { organizationId, title: 'No' }, { caller: reader })).rejects.toMatchObject({
      code: 403,
    });
  });

  it('hides the organization’s spaces from a non-member (404) and shows a guest none', async () => {
    await expect(content.send(ContentSubjects.spaceGet, { spaceId: created[0].id }, { caller: outsider })).rejects.toMatchObject({
      code: 404,
    });
    await expect(content.send(ContentSubjects.spaceList, { organizationId }, { caller: outsider })).rejects.toMatchObject({ code: 404 });
    const forGuest = await content.send(ContentSubjects.spaceList, { organizationId }, { caller: guest });
    expect(forGuest.items).toEqual([]);
  });

  it('answers 401 to an envelope without a caller, before asking identity', async () => {
    await expect(content.send(ContentSubjects.spaceList, { organizationId })).rejects.toMatchObject({ code: 401 });
  });
});

describe('SpacesRepository.listByOrganization', () => {
  it('pages live spaces by (createdAt, id) and leaves deleted ones out', async () => {
    const creator = callerFor(`creator-${newId()}`);
    const organizationId = newOrganization({ [creator.userId]: 'admin' });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await content.send(ContentSubjects.spaceCreate, { organizationId, title: `S${i}` }, { caller: creator })).id);
    }
    await content.send(ContentSubjects.spaceDelete, { spaceId: ids[3] }, { caller: creator });
    const spaces = content.get(SpacesRepository);
    const page1 = await spaces.listByOrganization(organizationId, 2);
    expect(page1.count).toBe(3);
    const last = page1.rows[1];
    const page2 = await spaces.listByOrganization(organizationId, 2, [last.createdAt.toISOString(), last.id]);
    const rows = [...page1.rows, ...page2.rows];
    expect(rows.map((r) => r.id).sort()).toEqual(ids.slice(0, 3).sort());
    const keys = rows.map((r) => [r.createdAt.toISOString(), r.id].join(' '));
    expect(keys).toEqual([...keys].sort());
  });
});
