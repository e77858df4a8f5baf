import { CollaborationEvents, type MentionCreatedEvent } from '@bindery/contracts';
import { JetStreamBus } from '@bindery/platform';
import { expectError, expectOperation, testNats } from '@bindery/testing';
import { type CommentBody, type CommentWorld, commentWorld, type ListBody, postComment, type ReplyBody } from './collaboration-helpers';
import { createChangeRequest, createSpace, documentOf, editContent, merge } from './content-helpers';
import { eventually, newUser } from './helpers';
import { addMember } from './identity-helpers';

let w: CommentWorld;
let base: string;

beforeAll(async () => {
  w = await commentWorld('Discussions');
  base = `/v1/spaces/${w.spaceId}`;
}, 60_000);

describe('space comments', () => {
  it('create on a block, a page, a table cell and the whole space; get, list with filters and pages; edit, resolve, reopen', async () => {
    const mentions: MentionCreatedEvent[] = [];
    const bus = await JetStreamBus.connect(testNats(), 'e2e-collab-mentions');
    try {
      await bus.consumeEvents<MentionCreatedEvent>({
        durable: `e2e-mentions-${Date.now()}`,
        subject: CollaborationEvents.mentionCreated,
        // The consumer starts at the stream's first message: other files' mentions are in it too.
        handler: (e) => Promise.resolve(void (e.spaceId === w.spaceId && mentions.push(e))),
      });
      const onBlock = await postComment(w.commenter.client, base, {
        page: w.pages.Intro,
        node: 'b',
        body: { markdown: `Is **bravo** right? @${w.editor.userId} @${w.commenter.userId} @nobody-here` },
      });
      expect(onBlock.target).toMatchObject({ space: w.spaceId, page: { id: w.pages.Intro }, node: { id: 'b' } });
      expect(onBlock.target.revision).toEqual(expect.any(String));
      expect(onBlock).toMatchObject({ status: 'open', replies: 0, repliers: [], reactions: [], postedBy: { id: w.commenter.userId } });
      expect(onBlock.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
      expect(onBlock.body.markdown).toContain('**bravo**');
      // Only members are mentions, never the author: one event, for the editor.
      await eventually(() => Promise.resolve(expect(mentions.map((m) => m.userId)).toEqual([w.editor.userId])));
      expect(mentions[0]).toMatchObject({ commentId: onBlock.id, spaceId: w.spaceId, mentionedBy: w.commenter.userId });

      const onSpace = await postComment(w.org.admin.client, base, { body: documentOf(['p', 'On the whole space']) });
      expect(onSpace.target.page).toBeUndefined();
      expect(onSpace.body.markdown?.trim()).toBe('On the whole space');
      const onCell = await postComment(w.editor.client, base, {
        page: w.pages.Guide,
        tableCell: { record: 'r1', definition: 'd1' },
        body: { markdown: 'cell' },
      });
      expect(onCell.target.tableCell).toEqual({ record: 'r1', definition: 'd1' });

      const asDocument = expectOperation<CommentBody>(
        await w.reader.client.get(`${base}/comments/${onBlock.id}?format=document`),
        'getCommentInSpace',
        200,
      );
      expect(asDocument.body.document?.nodes.length).toBe(1);
      expect(asDocument.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });

      const all = expectOperation<ListBody<CommentBody>>(await w.reader.client.get(`${base}/comments`), 'listCommentsInSpace', 200);
      expect(all.count).toBe(3);
      expect(all.items.map((c) => c.id)).toEqual([onCell.id, onSpace.id, onBlock.id]);
      const asc = expectOperation<ListBody<CommentBody>>(
        await w.reader.client.get(`${base}/comments?order=asc&limit=2`),
        'listCommentsInSpace',
        200,
      );
      expect(asc.items.map((c) => c.id)).toEqual([onBlock.id, onSpace.id]);
      const rest = expectOperation<ListBody<CommentBody>>(
        await w.reader.client.get(`${base}/comments?order=asc&limit=2&page=${asc.next!.page}`),
        'listCommentsInSpace',
        200,
      );
      expect(rest.items.map((c) => c.id)).toEqual([onCell.id]);
      expect(rest.next).toBeUndefined();
      const byAuthors = await w.reader.client.get(`${base}/comments?authors=${w.commenter.userId}&authors=${w.editor.userId}`);
      expect(expectOperation<ListBody<CommentBody>>(byAuthors, 'listCommentsInSpace', 200).items.map((c) => c.id)).toEqual([
        onCell.id,
        onBlock.id,
      ]);
      const onPage = await w.reader.client.get(`${base}/comments?targetPage=${w.pages.Intro}&format=document`);
      expect(expectOperation<ListBody<CommentBody>>(onPage, 'listCommentsInSpace', 200).items.map((c) => c.id)).toEqual([onBlock.id]);

      // Only the author edits the body; an admin may not.
      expectError(await w.org.admin.client.put(`${base}/comments/${onBlock.id}`, { body: { markdown: 'hijacked' } }), 403);
      const edited = expectOperation<CommentBody>(
        await w.commenter.client.put(`${base}/comments/${onBlock.id}`, { body: { markdown: `Fixed. @${w.editor.userId}` } }),
        'updateCommentInSpace',
        200,
      );
      expect(edited.body.markdown).toBe(`Fixed. @${w.editor.userId}`);
      expect(edited.editedAt).toEqual(expect.any(String));

      const resolved = expectOperation<CommentBody>(
        await w.editor.client.put(`${base}/comments/${onBlock.id}`, { resolved: true }),
        'updateCommentInSpace',
        200,
      );
      expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: { id: w.editor.userId } });
      const open = expectOperation<ListBody<CommentBody>>(
        await w.reader.client.get(`${base}/comments?status=open`),
        'listCommentsInSpace',
        200,
      );
      expect(open.items.map((c) => c.id)).toEqual([onCell.id, onSpace.id]);
      const done = expectOperation<ListBody<CommentBody>>(
        await w.reader.client.get(`${base}/comments?status=resolved`),
        'listCommentsInSpace',
        200,
      );
      expect(done.items.map((c) => c.id)).toEqual([onBlock.id]);
      const reopened = expectOperation<CommentBody>(
        await w.commenter.client.put(`${base}/comments/${onBlock.id}`, { resolved: false }),
        'updateCommentInSpace',
        200,
      );
      expect(reopened.status).toBe('open');
      expect(reopened.resolvedAt).toBeUndefined();
      // A mention already made is not announced again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mentions).toHaveLength(1);
    } finally {
      await bus.close();
    }
  });

  it('reactions per user and emoji, idempotent; replies with repliers; commenters as members; deletes by author or admin', async () => {
    const comment = await postComment(w.commenter.client, base, { page: w.pages.Intro, body: { markdown: 'React to me' } });
    const path = `${base}/comments/${comment.id}`;
    expectError(await w.reader.client.put(path, { addedReactions: ['👍'] }), 403);
    expectError(await w.commenter.client.put(path, { addedReactions: [':tada:'] }), 400, /addedReactions/);
    for (let i = 0; i < 2; i++) {
      expectOperation(await w.commenter.client.put(path, { addedReactions: ['👍', '🎉'] }), 'updateCommentInSpace', 200);
    }
    const reacted = expectOperation<CommentBody>(await w.editor.client.put(path, { addedReactions: ['👍'] }), 'updateCommentInSpace', 200);
    expect(reacted.reactions.map((r) => [r.emoji, r.count, r.users.map((u) => u.user.id)])).toEqual([
      // Emoji in order of first reaction (one request's in code point order), users in order of reaction.
      ['🎉', 1, [w.commenter.userId]],
      ['👍', 2, [w.commenter.userId, w.editor.userId]],
    ]);
    const removed = expectOperation<CommentBody>(
      await w.commenter.client.put(path, { removedReactions: ['👍', '🎉', '❤️'] }),
      'updateCommentInSpace',
      200,
    );
    expect(removed.reactions.map((r) => [r.emoji, r.count])).toEqual([['👍', 1]]);

    const first = expectOperation<ReplyBody>(
      await w.editor.client.post(`${path}/replies`, { body: { markdown: 'First' } }),
      'postCommentReplyInSpace',
      200,
    );
    expect(first.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    expectOperation(await w.editor.client.post(`${path}/replies`, { body: documentOf(['x', 'Second']) }), 'postCommentReplyInSpace', 200);
    const third = expectOperation<ReplyBody>(
      await w.org.admin.client.post(`${path}/replies`, { body: { markdown: 'Third' } }),
      'postCommentReplyInSpace',
      200,
    );
    expectError(await w.reader.client.post(`${path}/replies`, { body: { markdown: 'no' } }), 403);
    const replies = expectOperation<ListBody<ReplyBody>>(
      await w.reader.client.get(`${path}/replies?limit=2`),
      'listCommentRepliesInSpace',
      200,
    );
    expect(replies.count).toBe(3);
    expect(replies.items.map((r) => r.body.markdown?.trim())).toEqual(['First', 'Second']);
    const withReplies = expectOperation<CommentBody>(await w.reader.client.get(path), 'getCommentInSpace', 200);
    expect(withReplies.replies).toBe(3);
    expect(withReplies.repliers.map((r) => [r.user.id, r.count])).toEqual([
      [w.org.admin.userId, 1],
      [w.editor.userId, 2],
    ]);

    const replyPath = `${path}/replies/${first.id}`;
    expectError(await w.commenter.client.put(replyPath, { body: { markdown: 'not mine' } }), 403);
    // A space reply's update takes no `resolved` (the official schema has none): it is ignored, the thread stays open.
    expectOperation(await w.editor.client.put(replyPath, { resolved: true }), 'updateCommentReplyInSpace', 200);
    expect(expectOperation<CommentBody>(await w.reader.client.get(path), 'getCommentInSpace', 200).status).toBe('open');
    const editedReply = expectOperation<ReplyBody>(
      await w.editor.client.put(replyPath, { body: { markdown: 'First, edited' }, addedReactions: ['👀'] }),
      'updateCommentReplyInSpace',
      200,
    );
    expect(editedReply.editedAt).toEqual(expect.any(String));
    expectOperation(await w.commenter.client.put(replyPath, { addedReactions: ['👀'] }), 'updateCommentReplyInSpace', 200);
    const gotReply = expectOperation<ReplyBody>(await w.reader.client.get(`${replyPath}?format=document`), 'getCommentReplyInSpace', 200);
    expect(gotReply.reactions).toEqual([expect.objectContaining({ emoji: '👀', count: 2 })]);

    const commenters = expectOperation<ListBody<{ user: { id: string } }>>(
      await w.reader.client.get(`${base}/commenters`),
      'listCommentersInSpace',
      200,
    );
    expect(commenters.items.map((m) => m.user.id).sort()).toEqual([w.org.admin.userId, w.commenter.userId, w.editor.userId].sort());

    // Replies: the author or a space admin deletes; 204 also when absent.
    expectError(await w.commenter.client.delete(replyPath), 403);
    expectOperation(await w.editor.client.delete(replyPath), 'deleteCommentReplyInSpace', 204);
    expectOperation(await w.editor.client.delete(replyPath), 'deleteCommentReplyInSpace', 204);
    expectOperation(await w.org.admin.client.delete(`${path}/replies/${third.id}`), 'deleteCommentReplyInSpace', 204);
    expect(expectOperation<CommentBody>(await w.reader.client.get(path), 'getCommentInSpace', 200).replies).toBe(1);

    // Comments: the reader and an editor who is not the author may not; the admin may.
    expectError(await w.reader.client.delete(path), 403);
    expectError(await w.editor.client.delete(path), 403);
    expectOperation(await w.org.admin.client.delete(path), 'deleteCommentInSpace', 204);
    expectOperation(await w.org.admin.client.delete(path), 'deleteCommentInSpace', 204);
    expectError(await w.reader.client.get(path), 404);
    expectError(await w.editor.client.post(`${path}/replies`, { body: { markdown: 'too late' } }), 404);
    expectError(await w.reader.client.get(`${path}/replies`), 404);
  });

  it('counts and pages every status and filter as comments are posted, resolved and deleted, past the last page too', async () => {
    const space = await createSpace(w.org.admin.client, w.org.organizationId, 'Paged discussions');
    const at = `/v1/spaces/${space.id}`;
    const admin = w.org.admin.client;
    const list = async (query: string) =>
      expectOperation<ListBody<CommentBody>>(await admin.get(`${at}/comments?${query}`), 'listCommentsInSpace', 200);
    const listed = async (query: string) => {
      const page = await list(query);
      return { count: page.count, ids: page.items.map((c) => c.id), next: page.next?.page };
    };
    const c: CommentBody[] = [];
    for (const n of [1, 2, 3, 4, 5]) c.push(await postComment(admin, at, { body: { markdown: `c${n}` } }));
    const [c1, c2, c3, c4, c5] = c;
    for (const resolved of [c2, c4])
      expectOperation(await admin.put(`${at}/comments/${resolved.id}`, { resolved: true }), 'updateCommentInSpace', 200);
    expectOperation(await admin.delete(`${at}/comments/${c5.id}`), 'deleteCommentInSpace', 204);
    const c6 = await postComment(admin, at, { body: { markdown: 'c6' } });
    expectOperation(await admin.delete(`${at}/comments/${c4.id}`), 'deleteCommentInSpace', 204);
    // Left: c1 open, c2 resolved, c3 open, c6 open.

    const all = await listed('limit=2');
    expect(all).toEqual({ count: 4, ids: [c6.id, c3.id], next: expect.any(String) });
    expect(await listed(`limit=2&page=${all.next}`)).toEqual({ count: 4, ids: [c2.id, c1.id], next: undefined });
    const open = await listed('status=open&limit=2');
    expect(open).toEqual({ count: 3, ids: [c6.id, c3.id], next: expect.any(String) });
    expect(await listed(`status=open&limit=2&page=${open.next}`)).toEqual({ count: 3, ids: [c1.id], next: undefined });
    expect(await listed('status=resolved')).toEqual({ count: 1, ids: [c2.id], next: undefined });
    // Filtered lists count their matches: a first page not full, a full one, and the page after it.
    const mine = `authors=${w.org.admin.userId}`;
    expect(await listed(`${mine}&order=asc`)).toEqual({ count: 4, ids: [c1.id, c2.id, c3.id, c6.id], next: undefined });
    const first = await listed(`${mine}&order=asc&limit=3`);
    expect(first).toEqual({ count: 4, ids: [c1.id, c2.id, c3.id], next: expect.any(String) });
    expect(await listed(`${mine}&order=asc&limit=3&page=${first.next}`)).toEqual({ count: 4, ids: [c6.id], next: undefined });
    expect(await listed(`${mine}&status=open&limit=3`)).toEqual({ count: 3, ids: [c6.id, c3.id, c1.id], next: undefined });
    expect(await listed(`authors=${w.reader.userId}`)).toEqual({ count: 0, ids: [], next: undefined });

    // Past the last page: c1 resolved after its page's cursor was given still counts the rest.
    expectOperation(await admin.put(`${at}/comments/${c1.id}`, { resolved: true }), 'updateCommentInSpace', 200);
    expect(await listed(`status=open&limit=2&page=${open.next}`)).toEqual({ count: 2, ids: [], next: undefined });
    expect(await listed(`${mine}&status=open&limit=1&page=${open.next}`)).toEqual({ count: 2, ids: [], next: undefined });
    expect(await listed('status=resolved')).toEqual({ count: 2, ids: [c2.id, c1.id], next: undefined });
    expect(await listed('limit=10')).toEqual({ count: 4, ids: [c6.id, c3.id, c2.id, c1.id], next: undefined });
  });

  it('is invisible to non-members, guests and other organizations (404), and refuses bad input with a 400 naming the field', async () => {
    const comment = await postComment(w.commenter.client, base, { body: { markdown: 'Private' } });
    const path = `${base}/comments/${comment.id}`;
    const outsider = await newUser('outsider');
    const guest = await addMember(w.org, null, 'guest');
    for (const client of [outsider.client, guest.client]) {
      expectError(await client.get(`${base}/comments`), 404);
      expectError(await client.get(path), 404);
      expectError(await client.post(`${base}/comments`, { body: { markdown: 'hi' } }), 404);
      expectError(await client.put(path, { addedReactions: ['👍'] }), 404);
      expectError(await client.delete(path), 404);
      expectError(await client.get(`${base}/commenters`), 404);
    }
    // A comment id of another space (and organization) is unknown here.
    const other = await commentWorldLite();
    expectError(await other.client.get(`${other.base}/comments/${comment.id}`), 404);
    expectOperation(await other.client.delete(`${other.base}/comments/${comment.id}`), 'deleteCommentInSpace', 204);
    expectOperation(await w.reader.client.get(path), 'getCommentInSpace', 200);

    const c = w.commenter.client;
    expectError(await c.post(`${base}/comments`, {}), 400, /body/);
    expectError(await c.post(`${base}/comments`, { body: {} }), 400, /body/);
    expectError(await c.post(`${base}/comments`, { body: { markdown: '   ' } }), 400, /body/);
    expectError(await c.post(`${base}/comments`, { body: { markdown: 'x'.repeat(64 * 1024 + 1) } }), 400, /64 KB/);
    expectError(await c.post(`${base}/comments`, { body: { markdown: 'x', document: {} } }), 400, /body/);
    expectError(await c.post(`${base}/comments`, { body: { document: { object: 'nope' } } }), 400, /body/);
    expectError(await c.post(`${base}/comments`, { page: 'no-such-page', body: { markdown: 'x' } }), 400, /page/);
    expectError(await c.post(`${base}/comments`, { page: w.pages.Intro, node: 'zz', body: { markdown: 'x' } }), 400, /node/);
    expectError(await c.post(`${base}/comments`, { node: 'a', body: { markdown: 'x' } }), 400, /node/);
    expectError(await c.post(`${base}/comments`, { tableCell: { record: 1 }, body: { markdown: 'x' } }), 400, /tableCell/);
    expectError(await c.put(path, { addedReactions: 'x' }), 400, /addedReactions/);
    expectError(await c.put(path, { addedReactions: ['👍', 'a👍'] }), 400, /addedReactions/);
    expectError(await c.put(path, { removedReactions: ['x'.repeat(51)] }), 400, /removedReactions/);
    expectError(await c.put(path, { resolved: 'yes' }), 400, /resolved/);
    // Nothing half-written: a refused reaction leaves the body it came with unwritten.
    expectError(await c.put(path, { body: { markdown: 'changed' }, addedReactions: ['nope'] }), 400);
    expect(expectOperation<CommentBody>(await c.get(path), 'getCommentInSpace', 200).body.markdown).toBe('Private');
    for (const query of ['status=closed', 'order=up', 'format=html', 'limit=0', 'limit=1001', 'authors=bad%20id', 'page=not-a-cursor']) {
      expectError(await c.get(`${base}/comments?${query}`), 400);
    }
    expectError(await c.get(`${base}/comments/bad%20id`), 400, /commentId/);
  });
});

describe('change request comments', () => {
  it('target the change request revision, answer by id or number, resolve through a reply, list commenters', async () => {
    const cr = await createChangeRequest(w.org.admin.client, w.spaceId, 'Discussed');
    const inserted = await editContent(w.org.admin.client, w.spaceId, cr.id, [
      { operation: 'insert_page', ref: 'new', title: 'New page', document: documentOf(['n1', 'new text']) },
    ]);
    const newPage = (inserted.changes[0].page as { id: string }).id;
    // The page exists in the change request only.
    expectError(await w.commenter.client.post(`${base}/comments`, { page: newPage, body: { markdown: 'x' } }), 400, /page/);
    const crBase = `${base}/change-requests/${cr.number}`;
    const comment = await postComment(
      w.commenter.client,
      crBase,
      { page: newPage, node: 'n1', body: { markdown: 'On the new page' } },
      'postCommentInChangeRequest',
    );
    expect(comment.target).toMatchObject({ changeRequest: cr.id, page: { id: newPage }, node: { id: 'n1' } });
    expect(comment.urls.location).toContain(`/change-requests/${cr.id}/comments/${comment.id}`);
    const byId = `${base}/change-requests/${cr.id}/comments/${comment.id}`;
    expectOperation(await w.reader.client.get(byId), 'getCommentInChangeRequest', 200);
    // Not a comment of the space's main content.
    expectError(await w.reader.client.get(`${base}/comments/${comment.id}`), 404);
    const listed = expectOperation<ListBody<CommentBody>>(
      await w.reader.client.get(`${crBase}/comments?status=open`),
      'listCommentsInChangeRequest',
      200,
    );
    expect(listed.items.map((c) => c.id)).toEqual([comment.id]);

    const reply = expectOperation<ReplyBody>(
      await w.editor.client.post(`${byId}/replies`, { body: { markdown: 'Agreed' } }),
      'postCommentReplyInChangeRequest',
      200,
    );
    const replyPath = `${byId}/replies/${reply.id}`;
    expectOperation(await w.reader.client.get(replyPath), 'getCommentReplyInChangeRequest', 200);
    const replies = expectOperation<ListBody<ReplyBody>>(
      await w.reader.client.get(`${byId}/replies`),
      'listCommentRepliesInChangeRequest',
      200,
    );
    expect(replies.items.map((r) => r.id)).toEqual([reply.id]);
    // Resolving a change request reply resolves its thread.
    expectError(await w.reader.client.put(replyPath, { resolved: true }), 403);
    expectOperation(
      await w.editor.client.put(replyPath, { resolved: true, addedReactions: ['✅'] }),
      'updateCommentReplyInChangeRequest',
      200,
    );
    const thread = expectOperation<CommentBody>(await w.reader.client.get(byId), 'getCommentInChangeRequest', 200);
    expect(thread).toMatchObject({ status: 'resolved', resolvedBy: { id: w.editor.userId }, replies: 1 });
    const reopened = expectOperation<CommentBody>(
      await w.commenter.client.put(byId, { resolved: false }),
      'updateCommentInChangeRequest',
      200,
    );
    expect(reopened.status).toBe('open');

    const commenters = expectOperation<ListBody<{ user: { id: string }; object: string }>>(
      await w.reader.client.get(`${crBase}/commenters`),
      'listCommentersInChangeRequest',
      200,
    );
    expect(commenters.items.map((m) => m.user.id).sort()).toEqual([w.commenter.userId, w.editor.userId].sort());

    expectOperation(await w.editor.client.delete(replyPath), 'deleteCommentReplyInChangeRequest', 204);
    expectOperation(await w.commenter.client.delete(byId), 'deleteCommentInChangeRequest', 204);
    expectOperation(await w.commenter.client.delete(byId), 'deleteCommentInChangeRequest', 204);
    expectError(await w.reader.client.get(`${base}/change-requests/999999/comments`), 404);
  });
});

/** Another organization's admin and space, for cross-organization ids. */
async function commentWorldLite(): Promise<{ client: CommentWorld['reader']['client']; base: string }> {
  const admin = await newUser('other-org');
  const org = expectOperation<{ id: string }>(await admin.client.post('/v1/orgs', { title: 'Other' }), 'createOrganization', 201);
  const space = expectOperation<{ id: string }>(
    await admin.client.post(`/v1/orgs/${org.id}/spaces`, { title: 'Other' }),
    'createSpace',
    201,
  );
  return { client: admin.client, base: `/v1/spaces/${space.id}` };
}

describe('who wrote it', () => {
  // Content and collaboration reuse the caller's user across requests (`CurrentUsers`): whatever
  // the order of callers, each write names its own caller, as identity shows them.
  it('names each caller in their comments, change requests and merges, however their requests interleave', async () => {
    const creator = await addMember(w.org, 'create', 'creator');
    const userOf = async (client: CommentWorld['editor']['client']) =>
      expectOperation<{ id: string; displayName: string }>(await client.get('/v1/user'), 'getAuthenticatedUser', 200);
    const named = (user: { id: string; displayName: string }) => ({ id: user.id, displayName: user.displayName });

    for (const writer of [w.commenter, w.editor, creator, w.commenter, creator, w.editor]) {
      const me = await userOf(writer.client);
      const comment = await postComment(writer.client, base, { body: { markdown: `From ${me.id}` } });
      expect(comment.postedBy).toMatchObject(named(me));
    }

    const [admin, other] = [await userOf(w.org.admin.client), await userOf(creator.client)];
    const byAdmin = await createChangeRequest(w.org.admin.client, w.spaceId, 'By the admin');
    const byCreator = await createChangeRequest(creator.client, w.spaceId, 'By the creator');
    expect(byAdmin.createdBy).toMatchObject(named(admin));
    expect(byCreator.createdBy).toMatchObject(named(other));
    await editContent(w.org.admin.client, w.spaceId, byAdmin.id, [
      { operation: 'insert_page', ref: 'a', title: 'From the admin', document: {} },
    ]);
    await editContent(creator.client, w.spaceId, byCreator.id, [
      { operation: 'insert_page', ref: 'c', title: 'From the creator', document: {} },
    ]);
    // Each merges the other's change request.
    await merge(creator.client, w.spaceId, byAdmin.id);
    await merge(w.org.admin.client, w.spaceId, byCreator.id);
    const mergedBy = async (id: string) =>
      expectOperation<{ mergedBy?: unknown }>(await w.reader.client.get(`${base}/change-requests/${id}`), 'getChangeRequestById', 200)
        .mergedBy;
    expect(await mergedBy(byAdmin.id)).toMatchObject(named(other));
    expect(await mergedBy(byCreator.id)).toMatchObject(named(admin));
  });
});
