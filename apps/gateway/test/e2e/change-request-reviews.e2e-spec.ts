import { type ChangeRequestReviewersRequestedEvent, type ChangeRequestReviewSubmittedEvent, ContentEvents } from '@bindery/contracts';
import { JetStreamBus } from '@bindery/platform';
import { type ApiClient, expectError, expectOperation, testNats } from '@bindery/testing';
import { type ChangeRequestBody, createChangeRequest, createSpace, documentOf, editContent, merge } from './content-helpers';
import { eventually, newUser } from './helpers';
import { addMember, newOrganization, type OrgWithAdmin, type TestUser } from './identity-helpers';

interface UserRef {
  id: string;
}
interface RequestedReviewerBody {
  kind: string;
  user: UserRef;
  requestedBy: UserRef;
  revision: string;
  createdAt: string;
}
interface ReviewBody {
  id: string;
  status: string;
  revision: string;
  outdated: boolean;
  reviewer: UserRef;
  requestedBy?: UserRef;
  comment?: { body: { markdown?: string; document?: unknown }; target: { review: string } };
  urls: { location: string };
}
interface ListBody<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/** An organization with its admin (the change requests' author), two reviewers and an editor. */
interface ReviewSetup {
  org: OrgWithAdmin;
  author: ApiClient;
  reviewer: TestUser;
  secondReviewer: TestUser;
  editor: TestUser;
  spaceId: string;
  spaceRevision: string;
}

async function setup(prefix: string): Promise<ReviewSetup> {
  const org = await newOrganization(`${prefix} org`);
  const [reviewer, secondReviewer, editor] = await Promise.all([
    addMember(org, 'review', `${prefix}-reviewer`),
    addMember(org, 'admin', `${prefix}-lead`),
    addMember(org, 'edit', `${prefix}-editor`),
  ]);
  const space = await createSpace(org.admin.client, org.organizationId, `${prefix} space`);
  return { org, author: org.admin.client, reviewer, secondReviewer, editor, spaceId: space.id, spaceRevision: space.revision };
}

const crPath = (spaceId: string, cr: ChangeRequestBody) => `/v1/spaces/${spaceId}/change-requests/${cr.id}`;

async function requestReviewers(client: ApiClient, path: string, users: string[]): Promise<RequestedReviewerBody[]> {
  const body = expectOperation<{ users: RequestedReviewerBody[] }>(
    await client.post(`${path}/requested-reviewers`, { users }),
    'requestReviewersForChangeRequest',
    200,
  );
  return body.users;
}

async function submitReview(client: ApiClient, path: string, body: Record<string, unknown>): Promise<ReviewBody> {
  return expectOperation<ReviewBody>(await client.post(`${path}/reviews`, body), 'submitChangeRequestReview', 201);
}

async function listRequested(client: ApiClient, path: string): Promise<ListBody<RequestedReviewerBody>> {
  return expectOperation(await client.get(`${path}/requested-reviewers`), 'getRequestedReviewersByChangeRequestId', 200);
}

describe('change request reviews', () => {
  // Tests that only touch their own change requests share one organization; the filter and
  // merge-rule tests, which read organization-wide lists or set organization rules, have their own.
  let shared: ReviewSetup;
  beforeAll(async () => {
    shared = await setup('shared');
  });

  it('requests, lists and removes reviewers, and refuses users who cannot review', async () => {
    const s = shared;
    const cr = await createChangeRequest(s.author, s.spaceId, 'Typos');
    const path = crPath(s.spaceId, cr);

    const sent = await requestReviewers(s.author, path, [s.reviewer.userId, s.secondReviewer.userId, s.reviewer.userId]);
    expect(sent.map((r) => r.user.id)).toEqual([s.reviewer.userId, s.secondReviewer.userId]);
    expect(sent[0]).toMatchObject({ kind: 'user', requestedBy: { id: s.org.admin.userId }, revision: cr.revision });
    const listed = await listRequested(s.author, path);
    expect(listed.count).toBe(2);
    expect(listed.items.map((r) => r.user.id).sort()).toEqual([s.reviewer.userId, s.secondReviewer.userId].sort());
    const firstPage = expectOperation<ListBody<RequestedReviewerBody>>(
      await s.author.get(`${path}/requested-reviewers?limit=1`),
      'getRequestedReviewersByChangeRequestId',
      200,
    );
    const secondPage = expectOperation<ListBody<RequestedReviewerBody>>(
      await s.author.get(`${path}/requested-reviewers?limit=1&page=${firstPage.next!.page}`),
      'getRequestedReviewersByChangeRequestId',
      200,
    );
    expect([...firstPage.items, ...secondPage.items].map((r) => r.user.id)).toEqual(listed.items.map((r) => r.user.id));
    expect(secondPage.next).toBeUndefined();

    const outsider = await newUser('outsider');
    expectError(await s.author.post(`${path}/requested-reviewers`, { users: [outsider.userId] }), 400, new RegExp(outsider.userId));
    expectError(await s.author.post(`${path}/requested-reviewers`, { users: ['nosuchuser42'] }), 400, /nosuchuser42/);
    expectError(
      await s.author.post(`${path}/requested-reviewers`, { users: [s.editor.userId] }),
      400,
      new RegExp(`review.*${s.editor.userId}`),
    );
    expectError(await s.author.post(`${path}/requested-reviewers`, { users: [s.org.admin.userId] }), 400, /author/);
    expectError(await s.author.post(`${path}/requested-reviewers`, { users: [] }), 400, /users/);
    expectError(await s.author.post(`${path}/requested-reviewers`, { users: ['not an id'] }), 400, /users/);
    expectError(await s.author.post(`${path}/requested-reviewers`, {}), 400, /users/);
    expectError(
      await s.author.post(`${path}/requested-reviewers`, { users: [s.reviewer.userId], subject: 'x'.repeat(101) }),
      400,
      /subject/,
    );
    expectError(await s.reviewer.client.get(`${path}/requested-reviewers?limit=0`), 400, /limit/);
    // Asking needs edit rights on the space; a reader cannot.
    const reader = await addMember(s.org, 'read', 'requests-reader');
    expectError(await reader.client.post(`${path}/requested-reviewers`, { users: [s.reviewer.userId] }), 403);
    expect((await listRequested(s.author, path)).count).toBe(2);

    const remove = (userId: string) => s.author.delete(`${path}/requested-reviewers/${userId}`);
    expectOperation(await remove(s.secondReviewer.userId), 'removeRequestedReviewerFromChangeRequest', 205);
    expectOperation(await remove(s.secondReviewer.userId), 'removeRequestedReviewerFromChangeRequest', 204);
    expectError(await remove('bad id'), 400, /userId/);
    expect((await listRequested(s.author, path)).items.map((r) => r.user.id)).toEqual([s.reviewer.userId]);
  });

  it('puts a draft up for review, with a new subject, when reviewers are requested', async () => {
    const s = shared;
    const cr = await createChangeRequest(s.author, s.spaceId, 'Work in progress');
    const path = crPath(s.spaceId, cr);
    expectOperation(await s.author.patch(path, { status: 'draft' }), 'updateChangeRequestById', 200);
    expectOperation(
      await s.author.post(`${path}/requested-reviewers`, { users: [s.reviewer.userId], subject: 'Ready for review' }),
      'requestReviewersForChangeRequest',
      200,
    );
    const after = expectOperation<ChangeRequestBody>(await s.author.get(path), 'getChangeRequestById', 200);
    expect(after).toMatchObject({ status: 'open', subject: 'Ready for review' });
  });

  it('submits, lists and gets reviews; a review fulfils its request and outdates the earlier one', async () => {
    const s = shared;
    const cr = await createChangeRequest(s.author, s.spaceId, 'Intro');
    const path = crPath(s.spaceId, cr);
    await requestReviewers(s.author, path, [s.reviewer.userId]);

    const approved = await submitReview(s.reviewer.client, path, { status: 'approved', comment: { markdown: 'Looks **good**' } });
    expect(approved).toMatchObject({
      status: 'approved',
      outdated: false,
      revision: cr.revision,
      reviewer: { id: s.reviewer.userId },
      requestedBy: { id: s.org.admin.userId },
      comment: { target: { review: approved.id } },
    });
    expect((await listRequested(s.author, path)).count).toBe(0);

    const asMarkdown = expectOperation<ReviewBody>(
      await s.author.get(`${path}/reviews/${approved.id}?format=markdown`),
      'getChangeRequestReviewById',
      200,
    );
    expect(asMarkdown.comment!.body.markdown).toContain('Looks **good**');
    expect(asMarkdown.urls.location).toBe(approved.urls.location);

    // A second review by someone who was not asked carries no requestedBy; the reviewer's new review replaces theirs.
    const unasked = await submitReview(s.secondReviewer.client, path, { status: 'approved' });
    expect(unasked.requestedBy).toBeUndefined();
    expect(unasked.comment).toBeUndefined();
    const changes = await submitReview(s.reviewer.client, path, { status: 'changes-requested', comment: {} });
    const all = expectOperation<ListBody<ReviewBody>>(await s.author.get(`${path}/reviews`), 'getReviewsByChangeRequestId', 200);
    expect(all.items.map((r) => [r.id, r.outdated])).toEqual([
      [changes.id, false],
      [unasked.id, false],
      [approved.id, true],
    ]);
    const outdated = expectOperation<ListBody<ReviewBody>>(
      await s.author.get(`${path}/reviews?outdated=true`),
      'getReviewsByChangeRequestId',
      200,
    );
    expect(outdated.items.map((r) => r.id)).toEqual([approved.id]);
    expect(outdated.count).toBe(1);
    const paged = expectOperation<ListBody<ReviewBody>>(
      await s.author.get(`${path}/reviews?outdated=false&limit=1`),
      'getReviewsByChangeRequestId',
      200,
    );
    expect(paged).toMatchObject({ count: 2, items: [{ id: changes.id }] });
    const rest = expectOperation<ListBody<ReviewBody>>(
      await s.author.get(`${path}/reviews?outdated=false&limit=1&page=${paged.next!.page}`),
      'getReviewsByChangeRequestId',
      200,
    );
    expect(rest.items.map((r) => r.id)).toEqual([unasked.id]);

    // New content makes every review outdated.
    await editContent(s.author, s.spaceId, cr.id, [{ operation: 'insert_page', title: 'Intro', document: documentOf(['a', 'alpha']) }]);
    const afterEdit = expectOperation<ListBody<ReviewBody>>(
      await s.author.get(`${path}/reviews?outdated=false`),
      'getReviewsByChangeRequestId',
      200,
    );
    expect(afterEdit.count).toBe(0);

    expectError(await s.author.post(`${path}/reviews`, { status: 'approved' }), 400, /own|created/);
    expectError(await s.editor.client.post(`${path}/reviews`, { status: 'approved' }), 403, /review/);
    expectError(await s.reviewer.client.post(`${path}/reviews`, { status: 'maybe' }), 400, /status/);
    expectError(await s.reviewer.client.post(`${path}/reviews`, {}), 400, /status/);
    expectError(await s.reviewer.client.post(`${path}/reviews`, { status: 'approved', comment: 'text' }), 400, /comment/);
    expectError(await s.author.get(`${path}/reviews?outdated=maybe`), 400, /outdated/);
    expectError(await s.author.get(`${path}/reviews?format=html`), 400, /format/);
    expectError(await s.author.get(`${path}/reviews/nosuchreview`), 404, /review/);
    expectError(await s.author.get(`${path}/reviews/bad%20id`), 400, /reviewId/);
  });

  it('filters change request lists by requested reviewer, in the space and in the organization', async () => {
    const s = await setup('filter');
    const [first, second, third] = [
      await createChangeRequest(s.author, s.spaceId, 'First'),
      await createChangeRequest(s.author, s.spaceId, 'Second'),
      await createChangeRequest(s.author, s.spaceId, 'Third'),
    ];
    await requestReviewers(s.author, crPath(s.spaceId, first), [s.reviewer.userId]);
    await requestReviewers(s.author, crPath(s.spaceId, third), [s.reviewer.userId, s.secondReviewer.userId]);
    const ids = async (path: string, operationId: string) =>
      expectOperation<ListBody<ChangeRequestBody>>(await s.author.get(path), operationId, 200).items.map((cr) => cr.id);
    const spaceList = `/v1/spaces/${s.spaceId}/change-requests`;
    const orgList = `/v1/orgs/${s.org.organizationId}/change-requests`;

    expect(await ids(`${spaceList}?requestedReviewer=${s.reviewer.userId}`, 'listChangeRequestsForSpace')).toEqual([third.id, first.id]);
    expect(await ids(`${orgList}?requestedReviewer=${s.reviewer.userId}`, 'listChangeRequestsForOrganization')).toEqual([
      third.id,
      first.id,
    ]);
    expect(await ids(`${spaceList}?requestedReviewer=${s.secondReviewer.userId}`, 'listChangeRequestsForSpace')).toEqual([third.id]);
    expect(await ids(`${spaceList}?requestedReviewer=${s.editor.userId}`, 'listChangeRequestsForSpace')).toEqual([]);
    const page = expectOperation<ListBody<ChangeRequestBody>>(
      await s.author.get(`${spaceList}?requestedReviewer=${s.reviewer.userId}&limit=1`),
      'listChangeRequestsForSpace',
      200,
    );
    expect(page).toMatchObject({ count: 2, items: [{ id: third.id }] });
    expect(
      await ids(`${spaceList}?requestedReviewer=${s.reviewer.userId}&limit=1&page=${page.next!.page}`, 'listChangeRequestsForSpace'),
    ).toEqual([first.id]);

    // Reviewing fulfils the request: the change request leaves the reviewer's list.
    await submitReview(s.reviewer.client, crPath(s.spaceId, third), { status: 'approved' });
    expect(await ids(`${orgList}?requestedReviewer=${s.reviewer.userId}`, 'listChangeRequestsForOrganization')).toEqual([first.id]);
    expect(second.id).not.toBe(first.id);
    expectError(await s.author.get(`${spaceList}?requestedReviewer=bad%20id`), 400, /requestedReviewer/);
  });

  it('refuses a merge until the required reviewers approved it, with the space rules or the inherited organization rules', async () => {
    const s = await setup('rules');
    expectError(
      await s.author.patch(`/v1/spaces/${s.spaceId}`, { mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers' }] } }),
      400,
      /mergeRules.rules\[0\].users/,
    );
    expectError(await s.author.patch(`/v1/spaces/${s.spaceId}`, { mergeRules: { type: 'rules', rules: [{}] } }), 400, /rules\[0\].rule/);
    expectOperation(
      await s.author.patch(`/v1/spaces/${s.spaceId}`, {
        mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [s.reviewer.userId, s.secondReviewer.userId] }] },
      }),
      'updateSpaceById',
      200,
    );
    const cr = await createChangeRequest(s.author, s.spaceId, 'Guarded');
    const path = crPath(s.spaceId, cr);
    await editContent(s.author, s.spaceId, cr.id, [{ operation: 'insert_page', title: 'Guide', document: documentOf(['g', 'guide']) }]);

    const mergeBlocked = async (pattern: RegExp) => {
      expectError(await s.author.post(`${path}/merge`), 403, pattern);
      const space = expectOperation<{ revision: string }>(await s.author.get(`/v1/spaces/${s.spaceId}`), 'getSpaceById', 200);
      expect(space.revision).toBe(s.spaceRevision);
      expect(expectOperation<ChangeRequestBody>(await s.author.get(path), 'getChangeRequestById', 200).status).toBe('open');
    };
    await mergeBlocked(new RegExp(`${s.reviewer.userId}, ${s.secondReviewer.userId}`));
    await submitReview(s.reviewer.client, path, { status: 'approved' });
    await submitReview(s.secondReviewer.client, path, { status: 'changes-requested' });
    await mergeBlocked(new RegExp(`approval required from ${s.secondReviewer.userId}$`));
    await submitReview(s.secondReviewer.client, path, { status: 'approved' });
    // Content added after the approvals outdates them.
    await editContent(s.author, s.spaceId, cr.id, [{ operation: 'insert_page', title: 'More', document: documentOf(['m', 'more']) }]);
    await mergeBlocked(new RegExp(`${s.reviewer.userId}, ${s.secondReviewer.userId}`));
    await submitReview(s.reviewer.client, path, { status: 'approved' });
    await submitReview(s.secondReviewer.client, path, { status: 'approved' });
    expect((await merge(s.author, s.spaceId, cr.id)).result).toBe('merge');

    // A space that inherits follows the organization's rules.
    expectOperation(
      await s.author.patch(`/v1/orgs/${s.org.organizationId}`, {
        mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [s.secondReviewer.userId] }] },
      }),
      'updateOrganizationById',
      200,
    );
    const inheriting = await createSpace(s.author, s.org.organizationId, 'Inheriting');
    const inheritedCr = await createChangeRequest(s.author, inheriting.id, 'Inherited');
    const inheritedPath = crPath(inheriting.id, inheritedCr);
    expectError(await s.author.post(`${inheritedPath}/merge`), 403, new RegExp(s.secondReviewer.userId));
    await submitReview(s.reviewer.client, inheritedPath, { status: 'approved' });
    expectError(await s.author.post(`${inheritedPath}/merge`), 403, new RegExp(s.secondReviewer.userId));
    await submitReview(s.secondReviewer.client, inheritedPath, { status: 'approved' });
    expect((await merge(s.author, inheriting.id, inheritedCr.id)).result).toBe('merge');
  });

  it('publishes review requests and submitted reviews once each, and nothing for a refused request', async () => {
    const requested: ChangeRequestReviewersRequestedEvent[] = [];
    const submitted: ChangeRequestReviewSubmittedEvent[] = [];
    const bus = await JetStreamBus.connect(testNats(), 'e2e-review-events');
    try {
      const suffix = Date.now();
      await bus.consumeEvents<ChangeRequestReviewersRequestedEvent>({
        durable: `e2e-reviewers-requested-${suffix}`,
        subject: ContentEvents.changeRequestReviewersRequested,
        handler: (e) => Promise.resolve(void requested.push(e)),
      });
      await bus.consumeEvents<ChangeRequestReviewSubmittedEvent>({
        durable: `e2e-review-submitted-${suffix}`,
        subject: ContentEvents.changeRequestReviewSubmitted,
        handler: (e) => Promise.resolve(void submitted.push(e)),
      });
      const s = shared;
      const cr = await createChangeRequest(s.author, s.spaceId, 'Announced');
      const path = crPath(s.spaceId, cr);
      expectError(await s.author.post(`${path}/requested-reviewers`, { users: [s.editor.userId] }), 400);
      await requestReviewers(s.author, path, [s.reviewer.userId]);
      const review = await submitReview(s.reviewer.client, path, { status: 'changes-requested' });
      await eventually(() => {
        expect(requested.filter((e) => e.changeRequestId === cr.id)).toEqual([
          expect.objectContaining({ spaceId: s.spaceId, requestedBy: s.org.admin.userId, userIds: [s.reviewer.userId] }),
        ]);
        expect(submitted.filter((e) => e.changeRequestId === cr.id)).toEqual([
          expect.objectContaining({ reviewId: review.id, reviewerId: s.reviewer.userId, status: 'changes-requested' }),
        ]);
        return Promise.resolve();
      });
    } finally {
      await bus.close();
    }
  });

  it('answers malformed review bodies with a 4xx naming the problem, never a 500', async () => {
    const s = shared;
    const cr = await createChangeRequest(s.author, s.spaceId, 'Garbage');
    const path = crPath(s.spaceId, cr);
    const bodies = [
      'null',
      '[]',
      '"str"',
      '{"users":null}',
      '{"users":"abc"}',
      '{"users":[null]}',
      '{"users":[{}]}',
      '{"users":[1]}',
      `{"users":[${Array.from({ length: 51 }, (_, i) => `"u${i}"`).join(',')}]}`,
      '{"users":["ok"],"description":"x"}',
      '{"users":["ok"],"subject":null}',
      '{"status":null}',
      '{"status":"approved","comment":null}',
      '{"status":"approved","comment":{"markdown":5}}',
      '{"status":"approved","comment":{"document":{}}}',
      '{"status":"approved","comment":{"markdown":"a","document":{}}}',
    ];
    const failures: string[] = [];
    for (const route of ['requested-reviewers', 'reviews']) {
      for (const body of bodies) {
        const response = await s.reviewer.client.request('POST', `${path}/${route}`, body, { 'content-type': 'application/json' });
        const error = (response.body as { error?: { code?: number } }).error;
        if (response.status < 400 || response.status >= 500 || error?.code !== response.status)
          failures.push(`${route} ${body.slice(0, 40)} → ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expectError(await s.author.post(`${path}/requested-reviewers`, { users: ['a', 'b'], description: 'x' }), 400, /description/);
  });

  it("answers 404 for another organization's change requests and reviews", async () => {
    const s = shared;
    const cr = await createChangeRequest(s.author, s.spaceId, 'Private');
    const path = crPath(s.spaceId, cr);
    const review = await submitReview(s.reviewer.client, path, { status: 'approved' });
    const stranger = await newOrganization('stranger org');
    const client = stranger.admin.client;
    expectError(await client.get(`${path}/requested-reviewers`), 404, /space/);
    expectError(await client.post(`${path}/requested-reviewers`, { users: [stranger.admin.userId] }), 404, /space/);
    expectError(await client.delete(`${path}/requested-reviewers/${s.reviewer.userId}`), 404, /space/);
    expectError(await client.get(`${path}/reviews`), 404, /space/);
    expectError(await client.get(`${path}/reviews/${review.id}`), 404, /space/);
    expectError(await client.post(`${path}/reviews`, { status: 'approved' }), 404, /space/);
    // A review of one change request is not found through another.
    const other = await createChangeRequest(s.author, s.spaceId, 'Other');
    expectError(await s.author.get(`${crPath(s.spaceId, other)}/reviews/${review.id}`), 404, /review/);
    expectError(await s.author.get(`/v1/spaces/${s.spaceId}/change-requests/nosuchcr/reviews`), 404, /change request/);
  });
});
