import { ContentSubjects, IdentitySubjects, type MembershipGetResult } from '@bindery/contracts';
import { loadConfig, newId } from '@bindery/platform';
import { callerFor, type ServiceAlone, startServiceAlone } from '@bindery/testing/service-alone';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContentEnv } from '../../src/config/content.env';
import { ContentModule } from '../../src/content.module';
import { SearchRepository } from '../../src/search/search.repository';

// The space search on content alone (its real schema; identity stubbed): what it sends to Postgres
// for a space it searched before, and its answers once that space changed behind its back.
let content: ServiceAlone;
let db: DataSource;
const organizationId = newId();
const admin = callerFor(`admin-${newId()}`);
const stranger = callerFor(`stranger-${newId()}`);

beforeAll(async () => {
  content = await startServiceAlone({ app: 'content', module: (env) => ContentModule.forService(loadConfig(ContentEnv, env)) });
  // The admin is an admin of the organization; anyone else a stranger to it.
  await content.stubPeer(
    IdentitySubjects.membershipGet,
    (input: { organizationId: string; userId: string }): MembershipGetResult =>
      input.userId === admin.userId && input.organizationId === organizationId
        ? { member: true, role: 'admin' }
        : { member: false, role: null },
  );
  db = content.get(DataSource);
});

afterAll(async () => {
  await content?.stop();
});

/** A space of `organizationId` with an indexed page per text (no merge: the index rows written as the indexing job writes them). */
async function indexedSpace(texts: string[]): Promise<string> {
  const spaceId = newId();
  await db.query(
    `INSERT INTO spaces (id, organization_id, title, revision_id, share_key, position, created_at, updated_at) VALUES ($1, $2, $1, 'r1', $1, $1, now(), now())`,
    [spaceId, organizationId],
  );
  const search = content.get(SearchRepository);
  await db.transaction(async (manager) => {
    await search.markIndexed(manager, spaceId, { revisionId: 'r1', config: 'english', outlines: {} }, false);
    await search.insertPages(
      manager,
      spaceId,
      'english',
      texts.map((text, i) => ({
        pageId: `p${i}`,
        title: `Page ${i}`,
        description: '',
        path: `page-${i}`,
        ancestors: [],
        sections: [{ heading: '', anchor: null, body: text }],
        words: [],
      })),
    );
  });
  return spaceId;
}

const search = (spaceId: string, query: string, caller = admin) =>
  content.send(ContentSubjects.spaceSearch, { spaceId, query }, { caller }) as Promise<{
    count: number;
    items: Array<{ id: string; sections: Array<{ body: string }> }>;
  }>;

/** The statements content sends while `run` runs that read spaces or the search index (the pg client's `query`, spied). */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ answer: T; statements: string[] }> {
  const statements: string[] = [];
  const query = Client.prototype.query;
  const spy = vi.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]): never {
    const config = args[0] as string | { text?: string };
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    if (/\bspaces\b|search_/.test(text)) statements.push(text);
    return Reflect.apply(query, this, args) as never;
  });
  try {
    return { answer: await run(), statements };
  } finally {
    spy.mockRestore();
  }
}

const SPACE_READ = expect.stringMatching(/^SELECT id, organization_id .* FROM spaces/s);
const SEARCH = expect.stringMatching(/^WITH q AS MATERIALIZED/);
const JUDGED_SEARCH = expect.stringMatching(/^WITH judged AS MATERIALIZED/);

describe('SearchService.space (a space searched before is not read again)', () => {
  it('searches a space this process searched before in one statement, excerpts included, answering what a search that read it answers', async () => {
    const spaceId = await indexedSpace(['The harbour at dawn.', 'A lantern by the harbour.', 'Nothing here.']);
    const first = await statementsOf(() => search(spaceId, 'harbour'));
    // The space read, then the search; the query is new to this process: its excerpts are made in the search statement.
    expect(first.statements).toEqual([SPACE_READ, SEARCH]);
    expect(first.answer.items.flatMap((i) => i.sections.map((s) => s.body)).sort()).toEqual([
      'A lantern by the <mark>harbour</mark>.',
      'The <mark>harbour</mark> at dawn.',
    ]);

    const again = await statementsOf(() => search(spaceId, 'harbour'));
    expect(again.statements).toEqual([JUDGED_SEARCH]);
    expect(again.answer).toEqual(first.answer);
    // Another query, new to this process: one statement, its excerpts made in it.
    const lantern = await statementsOf(() => search(spaceId, 'lantern '));
    expect(lantern.statements).toEqual([JUDGED_SEARCH]);
    expect(lantern.answer.items.map((i) => i.sections[0].body)).toEqual(['A <mark>lantern</mark> by the harbour.']);
  });

  it('answers a space locked, transferred or deleted since it was searched, and a caller it does not allow, as a search that read it would', async () => {
    const spaceId = await indexedSpace(['The harbour at dawn.']);
    const found = await search(spaceId, 'harbour');
    expect(found.count).toBe(1);
    const refusal = (caller = admin) =>
      search(spaceId, 'harbour', caller).then(
        () => undefined,
        (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
      );

    // A stranger is refused on the row remembered, then on the space read: no search runs.
    const refused = await statementsOf(() => refusal(stranger));
    expect(refused.answer).toEqual({ code: 404, message: 'No matching space found' });
    expect(refused.statements).toEqual([SPACE_READ]);

    // Locked (viewing is still allowed): read again, searched as before.
    await db.query(`UPDATE spaces SET edit_mode = 'locked' WHERE id = $1`, [spaceId]);
    const locked = await statementsOf(() => search(spaceId, 'harbour'));
    expect(locked.answer).toEqual(found);
    expect(locked.statements).toEqual([JUDGED_SEARCH, SPACE_READ, SEARCH]);
    await db.query(`UPDATE spaces SET edit_mode = 'live' WHERE id = $1`, [spaceId]);

    // Transferred to an organization the caller is a stranger to, then back.
    await db.query(`UPDATE spaces SET organization_id = $2 WHERE id = $1`, [spaceId, newId()]);
    expect(await refusal()).toEqual({ code: 404, message: 'No matching space found' });
    await db.query(`UPDATE spaces SET organization_id = $2 WHERE id = $1`, [spaceId, organizationId]);
    expect(await search(spaceId, 'harbour')).toEqual(found);

    // Deleted: the judged search finds it changed and searches nothing; the space read refuses.
    await db.query('UPDATE spaces SET deleted_at = now() WHERE id = $1', [spaceId]);
    const deleted = await statementsOf(() => refusal());
    expect(deleted.answer).toEqual({ code: 404, message: 'No matching space found' });
    expect(deleted.statements).toEqual([JUDGED_SEARCH, SPACE_READ]);
    // Forgotten then: the next search reads the space alone, no judged search before each refusal.
    const again = await statementsOf(() => refusal());
    expect(again.answer).toEqual({ code: 404, message: 'No matching space found' });
    expect(again.statements).toEqual([SPACE_READ]);
  });
});
