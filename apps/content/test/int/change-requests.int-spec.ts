import {
  type ChangeRequest,
  ContentSubjects,
  IdentitySubjects,
  type MembershipGetResult,
  type RequestContext,
  type User,
} from '@bindery/contracts';
import { loadConfig, newId } from '@bindery/platform';
import { callerFor, type ServiceAlone, startServiceAlone } from '@bindery/testing/service-alone';
import { DataSource } from 'typeorm';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContentEnv } from '../../src/config/content.env';
import { ContentModule } from '../../src/content.module';
import { ChangeRequestsRepository } from '../../src/store/change-requests.repository';
import { SpacesRepository } from '../../src/store/spaces.repository';

// Content alone, its real schema; identity answers every membership as an admin's, and the caller.
let content: ServiceAlone;

beforeAll(async () => {
  content = await startServiceAlone({ app: 'content', module: (env) => ContentModule.forService(loadConfig(ContentEnv, env)) });
  await content.stubPeer(IdentitySubjects.membershipGet, (): MembershipGetResult => ({ member: true, role: 'admin' }));
  await content.stubPeer(IdentitySubjects.userGetCurrent, (_data: never, ctx: RequestContext): User => {
    const id = ctx.caller!.userId;
    return { object: 'user', id, displayName: id, urls: { location: `http://x/v1/users/${id}` } };
  });
});

afterAll(async () => {
  await content?.stop();
});

describe('ChangeRequestsRepository.findWithSpace (what a merge reads in its turn)', () => {
  it('reads the change request, by id or number, with its space as it is now, and only within that space', async () => {
    const caller = callerFor(`merger-${newId()}`);
    const organizationId = newId();
    const [space, other] = await Promise.all(
      ['Merged into', 'Elsewhere'].map((title) => content.send(ContentSubjects.spaceCreate, { organizationId, title }, { caller })),
    );
    const cr = await content.send(ContentSubjects.changeRequestCreate, { spaceId: space.id, subject: 'turn' }, { caller });
    const repository = content.get(ChangeRequestsRepository);
    // The space changes after the change request was opened: the read sees it as it is now.
    await content
      .get(DataSource)
      .query(`UPDATE spaces SET edit_mode = 'locked', merge_rules = '{"type":"none"}' WHERE id = $1`, [space.id]);

    const found = await repository.findWithSpace(space.id, cr.id);
    expect(found?.changeRequest).toEqual(await repository.find(space.id, cr.id));
    const stored = (await content.get(SpacesRepository).find(space.id))!;
    expect(found?.space).toEqual({
      revisionId: stored.revisionId,
      editMode: 'locked',
      mergeRules: { type: 'none' },
      organizationId,
      language: stored.language,
    });
    expect((await repository.findWithSpace(space.id, String(cr.number)))?.changeRequest.id).toBe(cr.id);
    // Another space's change request is not found through this one.
    expect(await repository.findWithSpace(other.id, cr.id)).toBeNull();
  });
});

/** The texts of the statements content sends while `run` runs that name `table` (the pg client's `query`, spied). */
async function statementsNaming(table: string, run: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const query = Client.prototype.query;
  const spy = vi.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]): never {
    const config = args[0] as string | { text?: string };
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    if (text.includes(table)) texts.push(text);
    return Reflect.apply(query, this, args) as never;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return texts;
}

describe('ChangeRequestEditsService.edit (one statement per edit)', () => {
  it('starts from the change request as it opened or last edited it: its compare-and-set is the only statement naming it', async () => {
    const caller = callerFor(`editor-${newId()}`);
    const space = await content.send(ContentSubjects.spaceCreate, { organizationId: newId(), title: 'Edited' }, { caller });
    const cr = await content.send(ContentSubjects.changeRequestCreate, { spaceId: space.id, subject: 'edits' }, { caller });
    const edit = (text: string, as = caller) =>
      content.send(
        ContentSubjects.changeRequestEditContent,
        { spaceId: space.id, changeRequestId: cr.id, changes: [{ operation: 'insert_page', title: text, document: { markdown: text } }] },
        { caller: as },
      ) as Promise<ChangeRequest>;

    let first: ChangeRequest | undefined;
    expect(await statementsNaming('change_requests', async () => (first = await edit('first')))).toEqual([
      expect.stringContaining('UPDATE change_requests'),
    ]);
    let second: ChangeRequest | undefined;
    expect(await statementsNaming('change_requests', async () => (second = await edit('second')))).toHaveLength(1);
    // The answers are the row each edit wrote, as a read of it shows it.
    expect(second!.revision).not.toBe(first!.revision);
    expect(second).toEqual(await content.send(ContentSubjects.changeRequestGet, { spaceId: space.id, changeRequestId: cr.id }, { caller }));

    // Changed behind this process's back (another replica's edit, a rename): the edit still builds
    // on the row as it is, and answers it.
    const db = content.get(DataSource);
    await db.query(`UPDATE change_requests SET revision_id = revision_initial, subject = 'renamed elsewhere' WHERE id = $1`, [cr.id]);
    const other = callerFor(`other-${newId()}`);
    const third = await edit('third', other);
    expect(third.subject).toBe('renamed elsewhere');
    const [revision] = await db.query('SELECT parents FROM revisions WHERE id = $1', [third.revision]);
    expect(revision.parents).toEqual([cr.revisionInitial]);
    const [row] = await db.query('SELECT contributors FROM change_requests WHERE id = $1', [cr.id]);
    expect(row.contributors).toEqual([caller.userId, other.userId]);
    expect(third).toEqual(await content.send(ContentSubjects.changeRequestGet, { spaceId: space.id, changeRequestId: cr.id }, { caller }));
  });
});
