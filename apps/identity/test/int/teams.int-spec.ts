import { IdentitySubjects, type Team } from '@bindery/contracts';
import { AppError, loadConfig } from '@bindery/platform';
import { callerFor, type ServiceAlone, startServiceAlone } from '@bindery/testing/service-alone';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityEnv } from '../../src/config/identity.env';
import { IdentityModule } from '../../src/identity.module';
import { MembershipsService } from '../../src/members/memberships.service';
import { TeamsRepository } from '../../src/teams/teams.repository';
import { UsersService } from '../../src/users/users.service';

// Identity alone: its real module, its schema (migrated on start) and NATS; no gateway, no content.
let identity: ServiceAlone;
let admin: ReturnType<typeof callerFor>;
let organizationId: string;

async function newUser(name: string): Promise<string> {
  const user = await identity.get(UsersService).create(`${name}-${Date.now()}-${Math.random()}@int.test`, name);
  return user.id;
}

beforeAll(async () => {
  identity = await startServiceAlone({ app: 'identity', module: (env) => IdentityModule.forService(loadConfig(IdentityEnv, env)) });
  admin = callerFor(await newUser('admin'));
  const org = await identity.send(IdentitySubjects.orgCreate, { title: 'Teams org' }, { caller: admin });
  organizationId = org.id;
});

afterAll(async () => {
  await identity?.stop();
});

describe('teams through the handler', () => {
  it('creates teams and lists them a page at a time, in creation order', async () => {
    const titles = ['Alpha', 'Beta', 'Gamma'];
    const created: Team[] = [];
    for (const title of titles) {
      created.push(await identity.send(IdentitySubjects.teamCreate, { organizationId, title: `  ${title} ` }, { caller: admin }));
    }
    expect(created.map((t) => t.title)).toEqual(titles);
    expect(created[0]).toMatchObject({ object: 'team', members: 0, permissions: { view: true, admin: true } });

    const first = await identity.send(IdentitySubjects.teamList, { organizationId, limit: 2 }, { caller: admin });
    expect(first.items.map((t) => t.id)).toEqual(created.slice(0, 2).map((t) => t.id));
    expect(first.count).toBe(3);
    expect(first.next?.page).toEqual(expect.any(String));
    const second = await identity.send(IdentitySubjects.teamList, { organizationId, limit: 2, page: first.next!.page }, { caller: admin });
    expect(second.items.map((t) => t.id)).toEqual([created[2].id]);
    expect(second.next).toBeUndefined();
  });

  it('refuses a member who is not an admin (403) and an outsider (404)', async () => {
    const editor = await newUser('editor');
    await identity.get(DataSource).transaction((manager) => identity.get(MembershipsService).add(manager, organizationId, editor, 'edit'));
    await expect(
      identity.send(IdentitySubjects.teamCreate, { organizationId, title: 'Nope' }, { caller: callerFor(editor) }),
    ).rejects.toMatchObject({ code: 403 });
    const outsider = await newUser('outsider');
    await expect(identity.send(IdentitySubjects.teamList, { organizationId }, { caller: callerFor(outsider) })).rejects.toMatchObject({
      code: 404,
    });
  });

  it('answers 401 to an envelope without a caller', async () => {
    const refusal = identity.send(IdentitySubjects.teamList, { organizationId });
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({ code: 401 });
  });
});

describe('TeamsRepository.list', () => {
  it('pages by (created_at, id) after a cursor key, with the count of every match', async () => {
    const org = await identity.send(IdentitySubjects.orgCreate, { title: 'Keyset org' }, { caller: admin });
    const ids: string[] = [];
    for (const title of ['one', 'two', 'three', 'four']) {
      ids.push((await identity.send(IdentitySubjects.teamCreate, { organizationId: org.id, title }, { caller: admin })).id);
    }
    const teams = identity.get(TeamsRepository);
    const page1 = await teams.list(org.id, admin.userId, {}, 3);
    expect(page1.count).toBe(4);
    expect(page1.rows.map((r) => r.id)).toEqual(ids.slice(0, 3));
    const last = page1.rows[1];
    const page2 = await teams.list(org.id, admin.userId, {}, 3, [last.created_at.toISOString(), last.id]);
    expect(page2.rows.map((r) => r.id)).toEqual(ids.slice(2));
    const filtered = await teams.list(org.id, admin.userId, { title: 'T' }, 10);
    expect(filtered.rows.map((r) => r.title)).toEqual(['two', 'three']);
    expect(filtered.count).toBe(2);
  });
});
