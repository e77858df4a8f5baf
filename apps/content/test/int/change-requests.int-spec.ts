import { type ChangeRequest, ContentSubjects, IdentitySubjects } from '@bindery/contracts';
import { newId } from '@bindery/platform';
import { callerFor, type ServiceAlone } from '@bindery/testing/service-alone';
import { DataSource } from 'typeorm';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { MergeService } from '../../src/change-requests/merge.service';
import { MAX_WAITING_MERGES, SpaceMergeTurns } from '../../src/change-requests/space-merge-turns';
import { RevisionsRepository } from '../../src/store/revisions.repository';
import { ChangeRequestsRepository } from '../../src/store/change-requests.repository';
import { SpacesRepository } from '../../src/store/spaces.repository';
import { RememberedSpaces } from '../../src/store/remembered-spaces';
import { startContentAlone } from './content-alone';

// Content alone, its real schema; identity answers every membership as an admin's, the caller, and
// every organization with the rules `organizationRules` gives it, none by default (counting, by
// organization, how often it was asked).
let content: ServiceAlone;
const organizationsAsked = new Map<string, number>();
const organizationRules = new Map<string, unknown>();

beforeAll(async () => {
  content = await startContentAlone();
  await content.stubPeer(IdentitySubjects.orgGet, ({ organizationId }: { organizationId: string }) => {
    organizationsAsked.set(organizationId, (organizationsAsked.get(organizationId) ?? 0) + 1);
    return { object: 'organization', id: organizationId, mergeRules: organizationRules.get(organizationId) ?? { type: 'none' } };
  });
});

afterAll(async () => {
  await content?.stop();
});

describe('ChangeRequestsRepository.findWithSpace (what a merge reads before its turn)', () => {
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

describe('ChangeRequestEditsService.edit (the space as the open of this process judged it)', () => {
  it('reads no space after this process opened the change request: its write is its one statement that reads the space', async () => {
    const caller = callerFor(`editor-${newId()}`);
    const space = await content.send(ContentSubjects.spaceCreate, { organizationId: newId(), title: 'Remembered' }, { caller });
    const cr = await content.send(ContentSubjects.changeRequestCreate, { spaceId: space.id, subject: 'edits' }, { caller });

    let edited: ChangeRequest | undefined;
    const statements = await statementsNaming('FROM spaces', async () => (edited = await editPage(caller, space.id, cr.id, 'first')));
    expect(statements).toEqual([expect.stringContaining('UPDATE change_requests')]);
    // Answered as a read shows it, `outdated` included (the space's revision as the write saw it).
    expect(edited).toEqual(await content.send(ContentSubjects.changeRequestGet, { spaceId: space.id, changeRequestId: cr.id }, { caller }));
  });

  it('answers a space locked or deleted since it was remembered as an edit that read it would, and writes nothing', async () => {
    const caller = callerFor(`editor-${newId()}`);
    const space = await content.send(ContentSubjects.spaceCreate, { organizationId: newId(), title: 'Changed behind' }, { caller });
    const cr = await content.send(ContentSubjects.changeRequestCreate, { spaceId: space.id, subject: 'edits' }, { caller });
    const db = content.get(DataSource);
    const revisionOf = async () => {
      const rows: Array<{ revision_id: string }> = await db.query('SELECT revision_id FROM change_requests WHERE id = $1', [cr.id]);
      return rows[0].revision_id;
    };

    // Locked by another replica (or a direct write): this process still remembers it live.
    await db.query(`UPDATE spaces SET edit_mode = 'locked' WHERE id = $1`, [space.id]);
    await expect(editPage(caller, space.id, cr.id, 'locked')).rejects.toMatchObject({ code: 403 });
    expect(await revisionOf()).toBe(cr.revision);

    await db.query(`UPDATE spaces SET edit_mode = 'live' WHERE id = $1`, [space.id]);
    const live = await editPage(caller, space.id, cr.id, 'live again');
    expect(await revisionOf()).toBe(live.revision);

    // Deleted since the edit before remembered it.
    await db.query('UPDATE spaces SET deleted_at = now() WHERE id = $1', [space.id]);
    const guarded = await statementsNaming('UPDATE change_requests', () =>
      expect(editPage(caller, space.id, cr.id, 'deleted')).rejects.toMatchObject({ code: 404 }),
    );
    expect(guarded).toHaveLength(1);
    expect(await revisionOf()).toBe(live.revision);
    // Forgotten then: the next edit reads the space alone, no guarded write before each refusal.
    const again = await statementsNaming('UPDATE change_requests', () =>
      expect(editPage(caller, space.id, cr.id, 'deleted again')).rejects.toMatchObject({ code: 404 }),
    );
    expect(again).toEqual([]);
  });
});

describe('ChangeRequestsService.create (the space as a write of this process judged it)', () => {
  it('reads no space after this process loaded it for a write, and takes no number when the space changed since', async () => {
    const caller = callerFor(`opener-${newId()}`);
    const space = await content.send(ContentSubjects.spaceCreate, { organizationId: newId(), title: 'Opened twice' }, { caller });
    const open = (subject: string) => content.send(ContentSubjects.changeRequestCreate, { spaceId: space.id, subject }, { caller });
    await open('first');

    let second: ChangeRequest | undefined;
    const statements = await statementsNaming('FROM spaces', async () => (second = await open('second')));
    expect(statements).toEqual([expect.stringContaining('INSERT INTO change_requests')]);
    expect(second).toMatchObject({ number: 2, revision: space.revision, revisionInitial: space.revision, outdated: false });
    expect(second).toEqual(
      await content.send(ContentSubjects.changeRequestGet, { spaceId: space.id, changeRequestId: second!.id }, { caller }),
    );

    const db = content.get(DataSource);
    await db.query('UPDATE spaces SET deleted_at = now() WHERE id = $1', [space.id]);
    const inserts = await statementsNaming('INSERT INTO change_requests', () =>
      expect(open('deleted')).rejects.toMatchObject({ code: 404 }),
    );
    expect(inserts).toHaveLength(1);
    // Forgotten then: the next open reads the space alone, no guarded insert before each refusal.
    const again = await statementsNaming('INSERT INTO change_requests', () =>
      expect(open('deleted again')).rejects.toMatchObject({ code: 404 }),
    );
    expect(again).toEqual([]);
    const numbers: Array<{ last_number: number }> = await db.query('SELECT last_number FROM change_request_numbers WHERE space_id = $1', [
      space.id,
    ]);
    expect(numbers).toEqual([{ last_number: 2 }]);
  });
});

/** An edit inserting one page titled `text`. */
function editPage(caller: ReturnType<typeof callerFor>, spaceId: string, changeRequestId: string, text: string): Promise<ChangeRequest> {
  return content.send(
    ContentSubjects.changeRequestEditContent,
    { spaceId, changeRequestId, changes: [{ operation: 'insert_page', title: text, document: { markdown: text } }] },
    { caller },
  ) as Promise<ChangeRequest>;
}

describe('MergeService: what a merge does before its turn and in it', () => {
  /** A space (inheriting its organization's rules, as by default) with change requests that each add a page. */
  async function spaceWithChangeRequests(count: number) {
    const caller = callerFor(`merger-${newId()}`);
    const organizationId = newId();
    const space = await content.send(ContentSubjects.spaceCreate, { organizationId, title: 'Merged into' }, { caller });
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const cr = await content.send(ContentSubjects.changeRequestCreate, { spaceId: space.id, subject: `page ${i}` }, { caller });
      await content.send(
        ContentSubjects.changeRequestEditContent,
        { spaceId: space.id, changeRequestId: cr.id, changes: [{ operation: 'insert_page', title: `Page ${i}` }] },
        { caller },
      );
      ids.push(cr.id);
    }
    return { caller, organizationId, spaceId: space.id, changeRequests: ids };
  }

  // The service's turns, with a wait no run of these tests reaches: past the bound (2 s) a merge
  // stops waiting for its turn and merges at once, which a loaded machine would make these tests see.
  const service = () => content.get(MergeService) as unknown as { turns: SpaceMergeTurns };
  let boundedTurns: SpaceMergeTurns;
  beforeAll(() => {
    boundedTurns = service().turns;
    service().turns = new SpaceMergeTurns({ maxWaiting: MAX_WAITING_MERGES, maxWaitMs: 600_000 });
  });
  afterAll(() => {
    service().turns = boundedTurns;
  });

  /** Holds the space's turn (as an earlier merge in it would) until `release`. */
  function holdTurn(spaceId: string) {
    const turns = service().turns;
    let release!: () => void;
    const held = turns.run(spaceId, () => new Promise<void>((resolve) => (release = resolve)));
    return { release: () => (release(), held) };
  }

  /** Counts the reads of the change request (alone or with its space), for one space. */
  function readsOf(spaceId: string): { count: () => number; restore: () => void } {
    const repository = content.get(ChangeRequestsRepository);
    const spies: MockInstance[] = [vi.spyOn(repository, 'findWithSpace'), vi.spyOn(repository, 'find')];
    return {
      count: () => spies.reduce((sum, spy) => sum + spy.mock.calls.filter(([id]) => id === spaceId).length, 0),
      restore: () => spies.forEach((spy) => spy.mockRestore()),
    };
  }

  /** Counts the merges of one space that reached the turns (waiting for theirs or in it). */
  function turnsTakenIn(spaceId: string): { count: () => number; restore: () => void } {
    const spy: MockInstance = vi.spyOn(service().turns, 'run');
    return { count: () => spy.mock.calls.filter(([id]) => id === spaceId).length, restore: () => spy.mockRestore() };
  }

  /** Holds the reads of the space's row (the access check's) until `release`. */
  function holdSpaceReads(spaceId: string): { release: () => void; restore: () => void } {
    const spaces = content.get(SpacesRepository);
    const find = spaces.find.bind(spaces);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(spaces, 'find').mockImplementation(async (id, manager) => {
      if (id === spaceId && manager === undefined) await released;
      return find(id, manager);
    });
    return { release, restore: () => spy.mockRestore() };
  }

  const merge = (caller: ReturnType<typeof callerFor>, spaceId: string, changeRequestId: string) =>
    content.send(ContentSubjects.changeRequestMerge, { spaceId, changeRequestId }, { caller });

  const waitUntil = (check: () => void) => vi.waitFor(check, { timeout: 20_000, interval: 10 });

  it('asks identity for the rules while an earlier merge holds the turn, and reads no change request this process edited', async () => {
    const { caller, organizationId, spaceId, changeRequests } = await spaceWithChangeRequests(1);
    const reads = readsOf(spaceId);
    const turns = turnsTakenIn(spaceId);
    try {
      const turn = holdTurn(spaceId);
      const merging = merge(caller, spaceId, changeRequests[0]);
      // Asked while the turn is still held by the merge before.
      await waitUntil(() => {
        expect(turns.count()).toBe(2);
        expect(organizationsAsked.get(organizationId)).toBe(1);
      });
      await turn.release();
      const merged = await merging;
      expect(merged.result).toBe('merge');
      // It started from the change request as its last edit here wrote it.
      expect(reads.count()).toBe(0);
      const space = (await content.get(SpacesRepository).find(spaceId))!;
      expect(space.revisionId).toBe(merged.revision);
    } finally {
      reads.restore();
      turns.restore();
    }
  });

  it('merges the next merge of the turns onto the revision the one before it wrote, without losing its guard and reading again', async () => {
    const { caller, spaceId, changeRequests } = await spaceWithChangeRequests(2);
    const before = (await content.get(SpacesRepository).find(spaceId))!.revisionId;
    const reads = readsOf(spaceId);
    const turns = turnsTakenIn(spaceId);
    try {
      const turn = holdTurn(spaceId);
      // Both read the space at the same revision before their turns.
      const merging = changeRequests.map((changeRequestId) => merge(caller, spaceId, changeRequestId));
      await waitUntil(() => expect(turns.count()).toBe(3));
      await turn.release();
      const merged = await Promise.all(merging);
      // No read: the second merge did not merge onto the revision it had read, lose its guard and read again.
      expect(reads.count()).toBe(0);
      const revisions = content.get(RevisionsRepository);
      const [first, second] = await Promise.all(merged.map((m) => revisions.find(m.revision)));
      const [earlier, later] = first!.parents[0] === before ? [first!, second!] : [second!, first!];
      expect(earlier.parents[0]).toBe(before);
      expect(later.parents[0]).toBe(earlier.id);
      expect((await content.get(SpacesRepository).find(spaceId))!.revisionId).toBe(later.id);
      expect(later.pages).toHaveLength(2);
    } finally {
      reads.restore();
      turns.restore();
    }
  });

  it('sends one statement naming the change request it edited: the guarded write', async () => {
    const { caller, spaceId, changeRequests } = await spaceWithChangeRequests(1);
    let merged: { revision: string } | undefined;
    expect(await statementsNaming('change_requests', async () => (merged = await merge(caller, spaceId, changeRequests[0])))).toEqual([
      expect.stringContaining('UPDATE change_requests'),
    ]);
    const [row] = await content
      .get(DataSource)
      .query('SELECT status, revision_merged FROM change_requests WHERE id = $1', [changeRequests[0]]);
    expect(row).toEqual({ status: 'merged', revision_merged: merged!.revision });
  });

  it('merges a change request changed behind its back (another replica) as it is now', async () => {
    const { caller, spaceId, changeRequests } = await spaceWithChangeRequests(2);
    const db = content.get(DataSource);
    // Its edit undone elsewhere: the merge merges the revision the row has, not the one this process wrote.
    await db.query('UPDATE change_requests SET revision_id = revision_initial WHERE id = $1', [changeRequests[0]]);
    const [{ revision_initial: initial }] = await db.query('SELECT revision_initial FROM change_requests WHERE id = $1', [
      changeRequests[0],
    ]);
    const merged = await merge(caller, spaceId, changeRequests[0]);
    const revision = await content.get(RevisionsRepository).find(merged.revision);
    expect(revision!.parents[1]).toBe(initial);
    // Archived elsewhere: not merged.
    await db.query(`UPDATE change_requests SET status = 'archived' WHERE id = $1`, [changeRequests[1]]);
    await expect(merge(caller, spaceId, changeRequests[1])).rejects.toMatchObject({
      code: 400,
      message: expect.stringContaining('archived'),
    });
    // Merged: merging again answers so.
    await expect(merge(caller, spaceId, changeRequests[0])).rejects.toMatchObject({
      code: 400,
      message: expect.stringContaining('already merged'),
    });
  });

  it("asks identity for the rules of the space's organization while the space is read, when it inherited them at its last merge", async () => {
    const { caller, organizationId, spaceId, changeRequests } = await spaceWithChangeRequests(2);
    await merge(caller, spaceId, changeRequests[0]);
    const asked = organizationsAsked.get(organizationId)!;
    const reads = holdSpaceReads(spaceId);
    // A merge that reads its space: one into a space this process does not remember.
    const forgotten = vi.spyOn(content.get(RememberedSpaces), 'peek').mockReturnValue(undefined);
    try {
      const merging = merge(caller, spaceId, changeRequests[1]);
      // Asked while the access check's read of the space is still out.
      await waitUntil(() => expect(organizationsAsked.get(organizationId)).toBe(asked + 1));
      reads.release();
      expect((await merging).result).toBe('merge');
      expect(organizationsAsked.get(organizationId)).toBe(asked + 1);
    } finally {
      reads.restore();
      forgotten.mockRestore();
    }
  });

  it('reads no space when this process remembers it: its guarded write is the one statement that reads the space', async () => {
    const { caller, spaceId, changeRequests } = await spaceWithChangeRequests(2);
    for (const changeRequestId of changeRequests) {
      let merged: { revision: string } | undefined;
      // The second merges onto the revision the first wrote, as remembered: no read, no lost guard.
      expect(await statementsNaming('FROM spaces', async () => (merged = await merge(caller, spaceId, changeRequestId)))).toEqual([
        expect.stringContaining('UPDATE change_requests'),
      ]);
      expect((await content.get(SpacesRepository).find(spaceId))!.revisionId).toBe(merged!.revision);
    }
  });

  it('answers a space changed since it was remembered (locked, other rules, deleted) as a merge that read it would, and writes nothing', async () => {
    const db = content.get(DataSource);
    // Each change made by another replica (or a direct write) after this process remembered the space live.
    for (const [change, answer] of [
      [`edit_mode = 'locked'`, { code: 403, message: expect.stringContaining('locked') }],
      [`merge_rules = '{"type":"rules","rules":[{"rule":"require_agent_review"}]}'`, { code: 403 }],
      ['deleted_at = now()', { code: 404 }],
    ] as const) {
      const { caller, spaceId, changeRequests } = await spaceWithChangeRequests(1);
      const before = (await content.get(SpacesRepository).find(spaceId))!.revisionId;
      await db.query(`UPDATE spaces SET ${change} WHERE id = $1`, [spaceId]);
      await expect(merge(caller, spaceId, changeRequests[0])).rejects.toMatchObject(answer);
      const [row] = await db.query('SELECT status FROM change_requests WHERE id = $1', [changeRequests[0]]);
      expect(row.status).toBe('open');
      const [space] = await db.query('SELECT revision_id FROM spaces WHERE id = $1', [spaceId]);
      expect(space.revision_id).toBe(before);
    }
  });

  it('forgets a space deleted since it was remembered: only the first merge after tries the guarded write', async () => {
    const { caller, spaceId, changeRequests } = await spaceWithChangeRequests(1);
    await content.get(DataSource).query('UPDATE spaces SET deleted_at = now() WHERE id = $1', [spaceId]);
    const attempt = () => expect(merge(caller, spaceId, changeRequests[0])).rejects.toMatchObject({ code: 404 });
    expect(await statementsNaming('UPDATE change_requests', attempt)).toHaveLength(1);
    expect(await statementsNaming('UPDATE change_requests', attempt)).toEqual([]);
  });

  it('judges the rules of the organization the space inherits from as read: a rule changed, or another organization, applies to the next merge', async () => {
    const { caller, organizationId, spaceId, changeRequests } = await spaceWithChangeRequests(3);
    await merge(caller, spaceId, changeRequests[0]);
    // A rule this server cannot evaluate: no merge passes it.
    const closed = { type: 'rules', rules: [{ rule: 'require_agent_review' }] };
    organizationRules.set(organizationId, closed);
    await expect(merge(caller, spaceId, changeRequests[1])).rejects.toMatchObject({ code: 403 });
    organizationRules.delete(organizationId);
    await merge(caller, spaceId, changeRequests[1]);
    // The space moved to another organization since its last merge: that one's rules apply, not the one asked early.
    const other = newId();
    organizationRules.set(other, closed);
    await content.get(DataSource).query('UPDATE spaces SET organization_id = $2 WHERE id = $1', [spaceId, other]);
    await expect(merge(caller, spaceId, changeRequests[2])).rejects.toMatchObject({ code: 403 });
    expect(organizationsAsked.get(other)).toBe(1);
  });
});
