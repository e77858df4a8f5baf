import {
  CollaborationSubjects as S,
  ContentSubjects,
  IdentitySubjects,
  type MemberRole,
  type RequestContext,
  type SpaceAccessResult,
  type User,
} from '@bindery/contracts';
import { badRequest, loadConfig, newId, notFound } from '@bindery/platform';
import { callerFor, type ServiceAlone, startServiceAlone } from '@bindery/testing/service-alone';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CollaborationModule } from '../../src/collaboration.module';
import { CollaborationEnv } from '../../src/config/collaboration.env';

// Collaboration alone: its real module and schema; content (space levels, targets) and identity
// (users, memberships) are stubs on NATS answering from these tables.
let collab: ServiceAlone;
const levels = new Map<string, Map<string, MemberRole>>();
const spaceOrg = new Map<string, string>();
/** Called by content's stub as a `content.space.access` request arrives (what collaboration did before asking). */
let spaceAccessAsked: (() => void) | undefined;
/** Awaited by content's stubs before they answer (a test holds content's answer back). */
let contentAnswersAfter: Promise<void> | undefined;
/** Called by identity's stub as a `user.get-current` request arrives. */
let userAsked: (() => void) | undefined;

const LEVEL_RANK: MemberRole[] = ['read', 'comment', 'edit', 'review', 'create', 'admin'];
const atLeast = (level: MemberRole, least: MemberRole) => LEVEL_RANK.indexOf(level) >= LEVEL_RANK.indexOf(least);

function access(spaceId: string, userId: string): SpaceAccessResult {
  const level = levels.get(spaceId)?.get(userId) ?? null;
  const can = (least: MemberRole) => level !== null && atLeast(level, least);
  return {
    space: spaceId,
    organization: spaceOrg.get(spaceId)!,
    user: userId,
    level,
    permissions: {
      view: level !== null,
      access: level !== null,
      admin: can('create'),
      viewInviteLinks: can('create'),
      edit: can('edit'),
      triggerGitSync: can('edit'),
      comment: can('comment'),
      merge: can('edit'),
      review: can('review'),
      installIntegration: can('create'),
    },
  };
}

/** The pg pool under the data source, which the hot statements run on directly (`preparedQuery`). */
const poolOf = (db: DataSource) =>
  (db.driver as unknown as { master: { query(text: string, values?: unknown[]): Promise<unknown> } }).master;

const user = (id: string): User => ({ object: 'user', id, displayName: id, urls: { location: `http://x/v1/users/${id}` } });

function newSpace(roles: Record<string, MemberRole>): string {
  const spaceId = newId();
  levels.set(spaceId, new Map(Object.entries(roles)));
  spaceOrg.set(spaceId, newId());
  return spaceId;
}

beforeAll(async () => {
  collab = await startServiceAlone({
    app: 'collaboration',
    module: (env) => CollaborationModule.forService(loadConfig(CollaborationEnv, { ...env, EVENT_CONSUMERS: 'off' })),
  });
  await collab.stubPeer(ContentSubjects.spaceAccess, async (data: { spaceId: string; userId?: string }, ctx: RequestContext) => {
    spaceAccessAsked?.();
    await contentAnswersAfter;
    if (!spaceOrg.has(data.spaceId)) throw notFound('No matching space found');
    return access(data.spaceId, data.userId ?? ctx.caller!.userId);
  });
  // As content answers it: 404 without a level, the caller's access with the target, and the page
  // checked only for a caller who may comment when `comment` is asked.
  await collab.stubPeer(
    ContentSubjects.commentTargetCheck,
    async (data: { spaceId: string; changeRequestId?: string; pageId?: string; comment?: boolean }, ctx: RequestContext) => {
      await contentAnswersAfter;
      if (!spaceOrg.has(data.spaceId)) throw notFound('No matching space found');
      const caller = access(data.spaceId, ctx.caller!.userId);
      if (caller.level === null) throw notFound('No matching space found');
      if (data.changeRequestId === 'missing') throw notFound('No matching change request found');
      if (data.pageId === 'missing' && (!data.comment || caller.permissions.comment)) throw badRequest('page: no such page');
      const out = { spaceId: data.spaceId, organizationId: spaceOrg.get(data.spaceId)!, revisionId: 'rev-1', access: caller };
      return data.changeRequestId === undefined ? out : { ...out, changeRequestId: `cr-${data.changeRequestId}` };
    },
  );
  await collab.stubPeer(IdentitySubjects.userGetCurrent, (_data: never, ctx: RequestContext) => {
    userAsked?.();
    if (ctx.caller!.userId.startsWith('unknown-')) throw notFound('No such user');
    return user(ctx.caller!.userId);
  });
  await collab.stubPeer(IdentitySubjects.membershipsAmong, (data: { userIds: string[] }) => ({
    members: data.userIds.filter((id) => id.startsWith('member-')).map((id) => ({ user: user(id), role: 'read' })),
  }));
});

afterAll(async () => {
  await collab?.stop();
});

const as = (userId: string) => ({ caller: callerFor(userId) });

describe('comment rules', () => {
  const [author, admin, commenter, reader, outsider] = ['author', 'admin', 'commenter', 'reader', 'outsider'].map((n) => `${n}-${newId()}`);
  let spaceId: string;

  beforeAll(() => {
    spaceId = newSpace({ [author]: 'comment', [admin]: 'admin', [commenter]: 'comment', [reader]: 'read' });
  });

  it('permissions say exactly what each level may do, and the handlers enforce them', async () => {
    const comment = await collab.send(S.commentCreate, { spaceId, body: { markdown: 'Hello' } }, as(author));
    const seen = async (userId: string) => (await collab.send(S.commentGet, { spaceId, commentId: comment.id }, as(userId))).permissions;
    expect(await seen(author)).toEqual({ view: true, edit: true, reply: true, delete: true });
    expect(await seen(admin)).toEqual({ view: true, edit: false, reply: true, delete: true });
    expect(await seen(commenter)).toEqual({ view: true, edit: false, reply: true, delete: false });
    expect(await seen(reader)).toEqual({ view: true, edit: false, reply: false, delete: false });
    await expect(seen(outsider)).rejects.toMatchObject({ code: 404 });

    await expect(collab.send(S.commentCreate, { spaceId, body: { markdown: 'no' } }, as(reader))).rejects.toMatchObject({ code: 403 });
    await expect(
      collab.send(S.commentUpdate, { spaceId, commentId: comment.id, body: { markdown: 'x' } }, as(admin)),
    ).rejects.toMatchObject({ code: 403 });
    await expect(collab.send(S.commentDelete, { spaceId, commentId: comment.id }, as(commenter))).rejects.toMatchObject({ code: 403 });
    await expect(collab.send(S.replyCreate, { spaceId, commentId: comment.id, body: { markdown: 'x' } }, as(reader))).rejects.toMatchObject(
      { code: 403 },
    );
    // A filter other than the API's is refused, not sent to the database.
    for (const filter of [{ status: 'closed' }, { order: 'sideways' }] as Array<Record<string, string>>)
      await expect(collab.send(S.commentList, { spaceId, ...filter }, as(reader))).rejects.toMatchObject({ code: 400 });
    // A reader may still read replies and comments.
    expect((await collab.send(S.commentList, { spaceId }, as(reader))).count).toBe(1);
    await collab.send(S.commentDelete, { spaceId, commentId: comment.id }, as(admin));
    await expect(seen(author)).rejects.toMatchObject({ code: 404 });
  });

  it('refuses bodies without content, over the limit or not a document, and emoji that are not emoji, writing nothing', async () => {
    for (const body of [
      {},
      { markdown: '' },
      { markdown: ' \n ' },
      { markdown: 'é'.repeat(33 * 1024) },
      { document: { object: 'document', data: {}, nodes: [] } },
    ]) {
      await expect(collab.send(S.commentCreate, { spaceId, body: body as never }, as(author))).rejects.toMatchObject({ code: 400 });
    }
    const comment = await collab.send(S.commentCreate, { spaceId, body: { markdown: 'kept' } }, as(author));
    await expect(
      collab.send(
        S.commentUpdate,
        { spaceId, commentId: comment.id, body: { markdown: 'changed' }, addedReactions: ['👍', 'thumbs'] },
        as(author),
      ),
    ).rejects.toMatchObject({ code: 400, message: expect.stringContaining('addedReactions') as unknown });
    expect((await collab.send(S.commentGet, { spaceId, commentId: comment.id }, as(author))).body).toEqual({ markdown: 'kept' });
    await expect(collab.send(S.commentCreate, { spaceId, page: 'missing', body: { markdown: 'x' } }, as(author))).rejects.toMatchObject({
      code: 400,
    });
    await expect(collab.send(S.commentList, { spaceId, changeRequestId: 'missing' }, as(author))).rejects.toMatchObject({ code: 404 });
  });

  // A body whose conversion outruns its deadline (a 400, the thread replaced, the loop never held)
  // is covered where the deadline can be set: libs/platform/src/markdown/markdown-pool.spec.ts.

  it('counts a reaction once per user and emoji, and keeps replies and repliers true', async () => {
    const comment = await collab.send(S.commentCreate, { spaceId, body: { markdown: 'react' } }, as(author));
    const ref = { spaceId, commentId: comment.id };
    for (const who of [author, author, commenter]) await collab.send(S.commentUpdate, { ...ref, addedReactions: ['👍', '👍'] }, as(who));
    const reacted = await collab.send(S.commentGet, ref, as(reader));
    expect(reacted.reactions).toEqual([expect.objectContaining({ emoji: '👍', count: 2 })]);
    for (const who of [commenter, commenter, admin])
      await collab.send(S.replyCreate, { ...ref, body: { markdown: `from ${who}` } }, as(who));
    const replied = await collab.send(S.commentGet, ref, as(reader));
    expect(replied.replies).toBe(3);
    expect(replied.repliers.map((r) => [r.user.id, r.count])).toEqual([
      [admin, 1],
      [commenter, 2],
    ]);
  });

  it('lists each comment with its own repliers and reactions, read once for the whole page', async () => {
    const target = newSpace({ [author]: 'comment', [commenter]: 'comment', [admin]: 'admin', [reader]: 'read' });
    const posted = [];
    for (const text of ['one', 'two', 'three'])
      posted.push(await collab.send(S.commentCreate, { spaceId: target, body: { markdown: text } }, as(author)));
    const [one, , three] = posted;
    await collab.send(S.commentUpdate, { spaceId: target, commentId: one.id, addedReactions: ['👍', '🎉'] }, as(commenter));
    await collab.send(S.commentUpdate, { spaceId: target, commentId: one.id, addedReactions: ['👍'] }, as(admin));
    for (const who of [commenter, admin, commenter])
      await collab.send(S.replyCreate, { spaceId: target, commentId: three.id, body: { markdown: `from ${who}` } }, as(who));

    const db = collab.get(DataSource);
    const query = vi.spyOn(poolOf(db), 'query');
    const listed = await collab.send(S.commentList, { spaceId: target, order: 'asc' }, as(reader));
    const statement = query.mock.calls.find(([sql]) => String(sql).includes('WITH page AS'));
    query.mockRestore();

    expect(listed.items.map((c) => c.id)).toEqual(posted.map((c) => c.id));
    const single = await Promise.all(posted.map((c) => collab.send(S.commentGet, { spaceId: target, commentId: c.id }, as(reader))));
    // The same repliers, reactions and counts as each comment read alone.
    expect(listed.items.map((c) => [c.replies, c.repliers, c.reactions])).toEqual(single.map((c) => [c.replies, c.repliers, c.reactions]));
    // Reactions of one update share their time, and are then in code point order.
    expect(listed.items[0].reactions.map((r) => [r.emoji, r.count])).toEqual([
      ['🎉', 1],
      ['👍', 2],
    ]);
    expect(listed.items[2].repliers.map((r) => [r.user.id, r.count])).toEqual([
      [commenter, 2],
      [admin, 1],
    ]);

    // Replies and reactions are read for the page as a whole (joined to it), not by a subquery run once per comment listed.
    const [{ 'QUERY PLAN': plan }]: Array<{ 'QUERY PLAN': unknown }> = await db.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${String(statement![0])}`,
      statement![1] as unknown[],
    );
    const readsExtras = (node: Record<string, unknown>) =>
      planNodes(node).some((n) => ['comment_replies', 'comment_reactions'].includes(String(n['Relation Name'])));
    expect(planNodes(plan).filter(readsExtras).length).toBeGreaterThan(0);
    expect(planNodes(plan).filter((n) => n['Parent Relationship'] === 'SubPlan' && readsExtras(n))).toEqual([]);
  });

  it("reads a page of a space's comments while content answers the access, answering it only to a caller content allows", async () => {
    const target = newSpace({ [author]: 'comment', [reader]: 'read' });
    await collab.send(S.commentCreate, { spaceId: target, body: { markdown: 'early' } }, as(author));
    const db = collab.get(DataSource);
    const query = vi.spyOn(poolOf(db), 'query');
    const pageRead = () => query.mock.calls.some(([sql]) => String(sql).includes('WITH page AS'));
    /** Whether the page's statement had been issued when content was asked for the caller's access. */
    const readBeforeAccess = async (send: () => Promise<unknown>): Promise<[boolean | undefined, unknown]> => {
      query.mockClear();
      let issued: boolean | undefined;
      spaceAccessAsked = () => (issued = pageRead());
      const answer = await send().catch((error: unknown) => error);
      return [issued, answer];
    };
    try {
      const [readerIssued, listed] = await readBeforeAccess(() => collab.send(S.commentList, { spaceId: target }, as(reader)));
      const [outsiderIssued, refused] = await readBeforeAccess(() => collab.send(S.commentList, { spaceId: target }, as(outsider)));
      expect(readerIssued).toBe(true);
      expect((listed as { items: Array<{ body: unknown }> }).items.map((c) => c.body)).toEqual([{ markdown: 'early' }]);
      // Read for the outsider too, and never answered: content's 404 is.
      expect(outsiderIssued).toBe(true);
      expect(refused).toMatchObject({ code: 404 });
    } finally {
      spaceAccessAsked = undefined;
      query.mockRestore();
    }
  });

  it('asks content for the access once per update of a comment or a reply, and answers what it wrote', async () => {
    const target = newSpace({ [author]: 'comment', [commenter]: 'comment' });
    const comment = await collab.send(S.commentCreate, { spaceId: target, body: { markdown: 'to update' } }, as(author));
    const reply = await collab.send(
      S.replyCreate,
      { spaceId: target, commentId: comment.id, body: { markdown: 'a reply' } },
      as(commenter),
    );
    let asked = 0;
    spaceAccessAsked = () => (asked += 1);
    try {
      const updated = await collab.send(S.commentUpdate, { spaceId: target, commentId: comment.id, addedReactions: ['👍'] }, as(commenter));
      expect([asked, updated.reactions.map((r) => r.emoji), updated.permissions.edit]).toEqual([1, ['👍'], false]);
      asked = 0;
      const edited = await collab.send(
        S.replyUpdate,
        { spaceId: target, commentId: comment.id, commentReplyId: reply.id, body: { markdown: 'edited' } },
        as(commenter),
      );
      expect([asked, edited.body, edited.permissions.edit]).toEqual([1, { markdown: 'edited' }, true]);
    } finally {
      spaceAccessAsked = undefined;
    }
  });

  it("asks identity for a writer's user while content answers (one round trip on the path, not two in a row)", async () => {
    // Fresh callers: `CurrentUsers` holds no answer for them, so identity is asked on their first write.
    const [poster, replier, reactor] = ['poster', 'replier', 'reactor'].map((n) => `${n}-${newId()}`);
    const target = newSpace({ [author]: 'comment', [poster]: 'comment', [replier]: 'comment', [reactor]: 'comment' });
    const comment = await collab.send(S.commentCreate, { spaceId: target, body: { markdown: 'first' } }, as(author));
    // Content answers only once identity was asked: a write asking identity after content's answer never completes.
    const whileContentAnswers = async <T>(write: () => Promise<T>): Promise<T> => {
      contentAnswersAfter = new Promise((resolve) => (userAsked = resolve));
      try {
        return await write();
      } finally {
        contentAnswersAfter = undefined;
        userAsked = undefined;
      }
    };
    const posted = await whileContentAnswers(() =>
      collab.send(S.commentCreate, { spaceId: target, body: { markdown: 'posted' } }, as(poster)),
    );
    const replied = await whileContentAnswers(() =>
      collab.send(S.replyCreate, { spaceId: target, commentId: comment.id, body: { markdown: 'replied' } }, as(replier)),
    );
    const reacted = await whileContentAnswers(() =>
      collab.send(S.commentUpdate, { spaceId: target, commentId: comment.id, addedReactions: ['🎉'] }, as(reactor)),
    );
    expect([posted.postedBy, replied.postedBy, reacted.reactions[0].users.map((u) => u.user)]).toEqual([
      user(poster),
      user(replier),
      [user(reactor)],
    ]);
  });

  it("answers content's refusal, then a bad body's 400, before identity's failure, as when identity was asked last", async () => {
    // Identity fails for these callers; content knows one of them.
    const [stranger, member] = [`unknown-${newId()}`, `unknown-${newId()}`];
    const target = newSpace({ [author]: 'comment', [member]: 'comment' });
    const comment = await collab.send(S.commentCreate, { spaceId: target, body: { markdown: 'first' } }, as(author));
    const post = (userId: string, body: { markdown: string }) => collab.send(S.commentCreate, { spaceId: target, body }, as(userId));
    const reply = (userId: string, body: { markdown: string }) =>
      collab.send(S.replyCreate, { spaceId: target, commentId: comment.id, body }, as(userId));
    const react = (userId: string) =>
      collab.send(S.commentUpdate, { spaceId: target, commentId: comment.id, addedReactions: ['🎉'] }, as(userId));
    const refused = (write: Promise<unknown>) =>
      write.then(
        () => 'answered',
        (error: { code: number; message: string }) => [error.code, error.message],
      );
    expect(
      await Promise.all([
        refused(post(stranger, { markdown: 'x' })),
        refused(reply(stranger, { markdown: 'x' })),
        refused(react(stranger)),
        refused(post(member, { markdown: ' ' })),
        refused(reply(member, { markdown: ' ' })),
        refused(post(member, { markdown: 'x' })),
        refused(reply(member, { markdown: 'x' })),
        refused(react(member)),
      ]),
    ).toEqual([
      [404, 'No matching space found'],
      [404, 'No matching space found'],
      [404, 'No matching space found'],
      [400, 'body.markdown: must not be empty'],
      [400, 'body.markdown: must not be empty'],
      [404, 'No such user'],
      [404, 'No such user'],
      [404, 'No such user'],
    ]);
  });

  it('publishes a count event per change of a target with a growing version and the absolute open count', async () => {
    const target = newSpace({ [author]: 'comment' });
    const first = await collab.send(S.commentCreate, { spaceId: target, body: { markdown: 'a' } }, as(author));
    await collab.send(S.commentCreate, { spaceId: target, body: { markdown: 'b' } }, as(author));
    await collab.send(S.commentUpdate, { spaceId: target, commentId: first.id, resolved: true }, as(author));
    await collab.send(S.commentUpdate, { spaceId: target, commentId: first.id, resolved: true }, as(author));
    await collab.send(S.commentCreate, { spaceId: target, changeRequestId: '7', body: { markdown: 'c' } }, as(author));
    const db = collab.get(DataSource);
    const events: Array<{ type: string; payload: { open: number; version: number; changeRequestId?: string } }> = await db.query(
      "SELECT type, payload FROM outbox WHERE payload->>'spaceId' = $1 ORDER BY created_at",
      [target],
    );
    // The relay may already have moved some rows to JetStream; the versions seen are in order either way.
    const main = events.filter((e) => e.payload.changeRequestId === undefined).map((e) => [e.payload.version, e.payload.open]);
    for (const [version, open] of main) expect(open).toBe({ 1: 1, 2: 2, 3: 1 }[version]);
    const state: Array<{ version: number }> = await db.query(
      "SELECT version::int AS version FROM comment_targets WHERE space_id = $1 AND change_request_id = ''",
      [target],
    );
    // Resolving twice changed the target once.
    expect(state[0].version).toBe(3);
  });

  it('records the mentions of a new comment and of a reply with the body, and gives a deleted comment no reply', async () => {
    const target = newSpace({ [author]: 'comment', [admin]: 'admin' });
    const [member, other] = [`member-${newId()}`, `member-${newId()}`];
    const comment = await collab.send(
      S.commentCreate,
      { spaceId: target, body: { markdown: `Look @${member} @${author} @stranger` } },
      as(author),
    );
    const reply = await collab.send(
      S.replyCreate,
      { spaceId: target, commentId: comment.id, body: { markdown: `And @${other} @${member}` } },
      as(admin),
    );
    const db = collab.get(DataSource);
    const mentions: Array<{ reply_id: string; user_id: string; mentioned_by: string }> = await db.query(
      'SELECT reply_id, user_id, mentioned_by FROM comment_mentions WHERE comment_id = $1',
      [comment.id],
    );
    // Only members, never the author; the reply's own mentions carry its id. In any order (the
    // database's collation and JavaScript's localeCompare order mixed-case ids differently).
    expect(mentions).toHaveLength(3);
    expect(mentions).toEqual(
      expect.arrayContaining([
        { reply_id: '', user_id: member, mentioned_by: author },
        { reply_id: reply.id, user_id: member, mentioned_by: admin },
        { reply_id: reply.id, user_id: other, mentioned_by: admin },
      ]),
    );

    await collab.send(S.commentDelete, { spaceId: target, commentId: comment.id }, as(author));
    await expect(
      collab.send(S.replyCreate, { spaceId: target, commentId: comment.id, body: { markdown: `Late @${member}` } }, as(admin)),
    ).rejects.toMatchObject({ code: 404 });
    const left: Array<{ n: number }> = await db.query(
      'SELECT (SELECT count(*) FROM comment_replies WHERE comment_id = $1)::int + (SELECT count(*) FROM comment_mentions WHERE comment_id = $1)::int AS n',
      [comment.id],
    );
    expect(left[0].n).toBe(0);
  });
});

/** Every node of an EXPLAIN (FORMAT JSON) plan, subplans and initplans included. */
function planNodes(plan: unknown): Array<Record<string, unknown>> {
  const nodes: Array<Record<string, unknown>> = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const node = value as Record<string, unknown>;
      if ('Node Type' in node) nodes.push(node);
      Object.values(node).forEach(visit);
    }
  };
  visit(plan);
  return nodes;
}
