import { CollaborationEvents, type CommentCountEvent } from '@bindery/contracts';
import { JetStreamBus } from '@bindery/platform';
import { SERVICES } from '@bindery/stack';
import { controlTestStack, expectOperation, testNats } from '@bindery/testing';
import { type CommentBody, type ListBody, postComment } from './collaboration-helpers';
import { createChangeRequest, createSpace } from './content-helpers';
import { eventually } from './helpers';
import { addMember, newOrganization } from './identity-helpers';

const content = SERVICES.find((s) => s.name === 'content')!;

describe('Space.comments and ChangeRequest.comments, kept by content from collaboration events', () => {
  it('count open comments, converge after the consumer was down, ignore stale events; a deleted space hides its comments until restored', async () => {
    const org = await newOrganization('Counted comments');
    const space = await createSpace(org.admin.client, org.organizationId, 'Counted');
    const w = { org, spaceId: space.id, commenter: await addMember(org, 'comment'), reader: org.admin };
    const base = `/v1/spaces/${w.spaceId}`;
    const client = w.org.admin.client;
    const spaceComments = async () => expectOperation<{ comments: number }>(await client.get(base), 'getSpaceById', 200).comments;
    const cr = await createChangeRequest(client, w.spaceId, 'Counted');
    const crComments = async () =>
      expectOperation<{ comments: number }>(await client.get(`${base}/change-requests/${cr.id}`), 'getChangeRequestById', 200).comments;

    const first = await postComment(w.commenter.client, base, { body: { markdown: 'one' } });
    const second = await postComment(w.commenter.client, base, { body: { markdown: 'two' } });
    await postComment(w.commenter.client, `${base}/change-requests/${cr.id}`, { body: { markdown: 'cr' } }, 'postCommentInChangeRequest');
    await eventually(async () => expect(await spaceComments()).toBe(2), 10_000);
    await eventually(async () => expect(await crComments()).toBe(1), 10_000);
    // Resolved comments are not open.
    expectOperation(await client.put(`${base}/comments/${first.id}`, { resolved: true }), 'updateCommentInSpace', 200);
    await eventually(async () => expect(await spaceComments()).toBe(1), 10_000);

    const stack = await controlTestStack();
    // Content keeps serving (collaboration needs it for every access decision) with no consumer.
    await stack.stopApp('content', { crash: true });
    stack.startApp(content, { EVENT_CONSUMERS: 'off' });
    try {
      await stack.waitUntilReady();
      for (const body of ['three', 'four', 'five']) await postComment(w.commenter.client, base, { body: { markdown: body } });
      expectOperation(await client.delete(`${base}/comments/${second.id}`), 'deleteCommentInSpace', 204);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await spaceComments()).toBe(1);
    } finally {
      await stack.stopApp('content', { crash: true });
      stack.startApp(content);
      await stack.waitUntilReady();
    }
    // The durable consumer resumes where it stopped: open = three, four, five.
    await eventually(async () => expect(await spaceComments()).toBe(3), 20_000);

    // A replayed older event (lower version) changes nothing.
    const bus = await JetStreamBus.connect(testNats(), 'e2e-comment-counts-replay');
    try {
      const stale: CommentCountEvent = {
        spaceId: w.spaceId,
        organizationId: w.org.organizationId,
        open: 42,
        version: 1,
        at: new Date().toISOString(),
      };
      await bus.publishEvent(CollaborationEvents.commentCountChanged, stale);
    } finally {
      await bus.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await spaceComments()).toBe(3);

    // Deleting the space hides its comments (content answers 404 meanwhile); a restore shows them again.
    expect((await client.delete(base)).status).toBe(204);
    expect((await w.reader.client.get(`${base}/comments`)).status).toBe(404);
    expectOperation(await client.post(`${base}/restore`), 'restoreSpace', 200);
    // Until collaboration has shown them again, a list counts none of them: every answer counts what it lists.
    const miscounted: string[] = [];
    await eventually(async () => {
      const listed = expectOperation<ListBody<CommentBody>>(await w.reader.client.get(`${base}/comments`), 'listCommentsInSpace', 200);
      if (listed.items.length !== listed.count) miscounted.push(`${listed.count} counted, ${listed.items.length} listed`);
      expect(listed.count).toBe(4);
    }, 10_000);
    expect(miscounted).toEqual([]);

    // Reopened, resolved again, then deleted while resolved: the count moves only with open comments.
    expectOperation(await client.put(`${base}/comments/${first.id}`, { resolved: false }), 'updateCommentInSpace', 200);
    await eventually(async () => expect(await spaceComments()).toBe(4), 10_000);
    expectOperation(await client.put(`${base}/comments/${first.id}`, { resolved: true }), 'updateCommentInSpace', 200);
    await eventually(async () => expect(await spaceComments()).toBe(3), 10_000);
    expectOperation(await client.delete(`${base}/comments/${first.id}`), 'deleteCommentInSpace', 204);
    for (const body of ['six', 'seven']) await postComment(w.commenter.client, base, { body: { markdown: body } });
    await eventually(async () => expect(await spaceComments()).toBe(5), 10_000);
  }, 480_000);
});
