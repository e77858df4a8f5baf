import { CollaborationEvents } from '@bindery/contracts';
import { SERVICES } from '@bindery/stack';
import { controlTestStack, expectOperation } from '@bindery/testing';
import { Client } from 'pg';
import { type CommentBody, type CommentWorld, commentWorld, type ListBody, postComment, type ReplyBody } from './collaboration-helpers';
import { eventually } from './helpers';

interface AnnouncedRow {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

let w: CommentWorld;
let base: string;

beforeAll(async () => {
  w = await commentWorld('Announced comments');
  base = `/v1/spaces/${w.spaceId}`;
}, 60_000);

describe("collaboration's outbox", () => {
  it('announces the rows of every comment write in its notification, so the relay never reads the table back', async () => {
    // The relay's channel, heard as the relay hears it (on collaboration's own role and schema).
    const stack = await controlTestStack();
    const db = new Client({ connectionString: stack.envFor(SERVICES.find((s) => s.name === 'collaboration')!).DATABASE_URL });
    await db.connect();
    const notifications: string[] = [];
    db.on('notification', (message) => notifications.push(message.payload ?? ''));
    try {
      await db.query('LISTEN bindery_outbox_collaboration');
      const rows = (): AnnouncedRow[] =>
        notifications.flatMap((payload) => (payload === '' ? [] : (JSON.parse(payload) as AnnouncedRow[])));
      const counts = () => rows().filter((r) => r.type === CollaborationEvents.commentCountChanged);
      const mentions = () => rows().filter((r) => r.type === CollaborationEvents.mentionCreated);

      // A comment with a mention: its count event and its mention event, in one notification (one statement).
      const comment = await postComment(w.commenter.client, base, { body: { markdown: `Look @${w.editor.userId}` } });
      await eventually(() => Promise.resolve(expect(notifications).toHaveLength(1)));
      expect(counts().map((r) => r.payload)).toEqual([expect.objectContaining({ spaceId: w.spaceId, open: 1, version: 1 })]);
      expect(mentions().map((r) => r.payload)).toEqual([expect.objectContaining({ commentId: comment.id, userId: w.editor.userId })]);

      // A reply with a mention: its mention event.
      const reply = expectOperation<ReplyBody>(
        await w.commenter.client.post(`${base}/comments/${comment.id}/replies`, { body: { markdown: `And @${w.reader.userId}` } }),
        'postCommentReplyInSpace',
        200,
      );
      await eventually(() => Promise.resolve(expect(mentions()).toHaveLength(2)));
      expect(mentions()[1].payload).toMatchObject({ commentId: comment.id, replyId: reply.id, userId: w.reader.userId });

      // Resolving, then deleting: each a count event with the target's new count and version.
      expectOperation(await w.commenter.client.put(`${base}/comments/${comment.id}`, { resolved: true }), 'updateCommentInSpace', 200);
      expectOperation(await w.commenter.client.delete(`${base}/comments/${comment.id}`), 'deleteCommentInSpace', 204);
      await eventually(() => Promise.resolve(expect(counts()).toHaveLength(3)));
      expect(counts().map((r) => [r.payload.open, r.payload.version])).toEqual([
        [1, 1],
        [0, 2],
        [0, 3],
      ]);
      // Never a plain wake-up (an empty payload): that would make the relay read the table.
      expect(notifications).not.toContain('');
    } finally {
      await db.end();
    }
  });

  it('lists bodies in the asked format: Markdown alone by default, the stored Document with format=document', async () => {
    const posted = await postComment(w.commenter.client, base, { body: { markdown: 'Listed *in* both formats' } });
    const asDocument = expectOperation<CommentBody>(
      await w.reader.client.get(`${base}/comments/${posted.id}?format=document`),
      'getCommentInSpace',
      200,
    );
    expect(asDocument.body.document?.nodes.length).toBeGreaterThan(0);

    const listed = (query: string) =>
      w.reader.client
        .get(`${base}/comments?${query}`)
        .then((r) => expectOperation<ListBody<CommentBody>>(r, 'listCommentsInSpace', 200).items.find((c) => c.id === posted.id)!);
    expect((await listed('limit=20')).body).toEqual({ markdown: 'Listed *in* both formats' });
    expect((await listed('limit=20&format=document')).body).toEqual({ document: asDocument.body.document });
    // Filtered lists and later pages read their rows the same way.
    expect((await listed(`limit=20&authors=${w.commenter.userId}&format=document`)).body).toEqual({ document: asDocument.body.document });
    expect((await listed(`limit=20&status=open`)).body).toEqual({ markdown: 'Listed *in* both formats' });
  });
});
