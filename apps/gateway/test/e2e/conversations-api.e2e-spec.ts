import { expectError } from '@bindery/testing';
import { conversation, type ConversationBody, expect146, ingest, processed } from './conversations-helpers';
import { addMember, newOrganization, type OrgWithAdmin } from './identity-helpers';

interface Issue {
  id: string;
  title: string;
  summary: string;
  conversation: string;
  cluster?: string;
}
interface IssueItem {
  issue: Issue;
  conversation: { id: string };
}
interface Cluster {
  id: string;
  label: string;
  weeklyPulse: number[];
  sources: Record<string, number>;
  stats: { issues: number; conversations: number };
}
interface List<T> {
  count: number;
  items: T[];
  next?: { page: string };
}

const DAY = 24 * 60 * 60 * 1000;
const REFUNDS = [
  'How do I get a refund for my subscription?',
  'I want my money back, how can I request a refund?',
  'Can I get a refund on my yearly plan?',
];
const PASSWORD = 'I forgot my password and cannot log in, how do I reset it?';

describe('conversations (0.146.0 schemas)', () => {
  let org: OrgWithAdmin;
  let base: string;

  beforeAll(async () => {
    org = await newOrganization('Conversations Org');
    base = `/v1/orgs/${org.organizationId}`;
  });

  it('ingests at once, processes in the background, and every read answers with the official shapes', async () => {
    const now = Date.now();
    const bodies: ConversationBody[] = [
      conversation('refund-1', REFUNDS[0], {
        subject: 'Refund',
        metadata: {
          url: 'https://support.example.com/c/1',
          attributes: { source: 'integration:intercom:inbox' },
          createdAt: new Date(now).toISOString(),
        },
      }),
      conversation('refund-2', REFUNDS[1], { metadata: { createdAt: new Date(now - 7 * DAY).toISOString() } }),
      conversation('password-1', PASSWORD, { metadata: { attributes: { source: 'email' } } }),
      {
        id: 'two-issues',
        parts: [
          { type: 'message', role: 'user', body: 'How do I export a space to PDF? Also, why was my credit card charged twice this month?' },
          { type: 'message', role: 'assistant', body: 'Exports are in the space menu.' },
        ],
      },
    ];
    await ingest(org.admin.client, org.organizationId, bodies);
    await processed(
      org.admin.client,
      org.organizationId,
      bodies.map((b) => b.id),
    );

    const all = expect146<List<{ id: string; source: string }>>(
      await org.admin.client.get(`${base}/conversations`),
      'listConversations',
      200,
    );
    expect(all.count).toBe(4);
    const bySource = expect146<List<{ id: string }>>(
      await org.admin.client.get(`${base}/conversations?source=email`),
      'listConversations',
      200,
    );
    expect(bySource.items.map((c) => c.id)).toEqual(['password-1']);

    const one = expect146<{
      conversation: { source: string; urls: { source?: string } };
      parts: unknown[];
      metadata: { url?: string; attributes?: object };
    }>(await org.admin.client.get(`${base}/conversations/refund-1`), 'getConversationById', 200);
    expect(one.conversation).toMatchObject({ source: 'integration:intercom:inbox', urls: { source: 'https://support.example.com/c/1' } });
    expect(one.parts).toHaveLength(2);
    expect(one.metadata).toMatchObject({ url: 'https://support.example.com/c/1', attributes: { source: 'integration:intercom:inbox' } });

    // Issues come from the user's messages; one conversation asked two unrelated things.
    const split = expect146<List<IssueItem>>(
      await org.admin.client.get(`${base}/conversations-issues?conversation=two-issues`),
      'listConversationsIssues',
      200,
    );
    expect(split.items.map((i) => i.issue.title).sort()).toEqual([
      'Also, why was my credit card charged twice this month?',
      'How do I export a space to PDF?',
    ]);
    const refund = expect146<List<IssueItem>>(
      await org.admin.client.get(`${base}/conversations-issues?conversation=refund-1`),
      'listConversationsIssues',
      200,
    );
    expect(refund.items[0].issue.title).toBe(REFUNDS[0]);
    expect(refund.items[0].issue.summary).not.toMatch(/docs about it/);

    const issue = expect146<IssueItem>(
      await org.admin.client.get(`${base}/conversations-issues/${refund.items[0].issue.id}`),
      'getConversationIssueById',
      200,
    );
    expect(issue.conversation.id).toBe('refund-1');

    // The two refund questions share a cluster; the password question is elsewhere.
    const refund2 = expect146<List<IssueItem>>(
      await org.admin.client.get(`${base}/conversations-issues?conversation=refund-2`),
      'listConversationsIssues',
      200,
    );
    const password = expect146<List<IssueItem>>(
      await org.admin.client.get(`${base}/conversations-issues?conversation=password-1`),
      'listConversationsIssues',
      200,
    );
    const refundCluster = refund.items[0].issue.cluster!;
    expect(refund2.items[0].issue.cluster).toBe(refundCluster);
    expect(password.items[0].issue.cluster).not.toBe(refundCluster);

    const cluster = expect146<Cluster>(
      await org.admin.client.get(`${base}/conversations-clusters/${refundCluster}`),
      'getConversationsIssuesCluster',
      200,
    );
    expect(cluster.stats).toMatchObject({ issues: 2, conversations: 2 });
    expect(cluster.sources).toEqual({ 'integration:intercom:inbox': 1, 'integration:api:ingest': 1 });
    // The weekly pulse counts by the conversations' createdAt: one this week, one last week.
    expect(cluster.weeklyPulse).toHaveLength(13);
    expect(cluster.weeklyPulse.slice(-2)).toEqual([1, 1]);

    const inCluster = expect146<List<IssueItem>>(
      await org.admin.client.get(`${base}/conversations-issues?cluster=${refundCluster}`),
      'listConversationsIssues',
      200,
    );
    expect(inCluster.items.map((i) => i.conversation.id).sort()).toEqual(['refund-1', 'refund-2']);

    const clusters = expect146<List<Cluster>>(
      await org.admin.client.get(`${base}/conversations-clusters?orderBy=issues&order=desc`),
      'listConversationsIssuesClusters',
      200,
    );
    expect(clusters.items[0].id).toBe(refundCluster);
    expect(clusters.count).toBe(clusters.items.length);
    const paged = expect146<List<Cluster>>(
      await org.admin.client.get(`${base}/conversations-clusters?limit=1`),
      'listConversationsIssuesClusters',
      200,
    );
    expect(paged.next?.page).toBeDefined();
    const second = expect146<List<Cluster>>(
      await org.admin.client.get(`${base}/conversations-clusters?limit=1&page=${paged.next!.page}`),
      'listConversationsIssuesClusters',
      200,
    );
    expect(second.items[0].id).not.toBe(paged.items[0].id);

    // The cluster grows, its id stays; the pulse ignores conversations older than 13 weeks.
    await ingest(org.admin.client, org.organizationId, [
      conversation('refund-3', REFUNDS[2], { metadata: { createdAt: new Date(now - 14 * DAY).toISOString() } }),
      conversation('refund-old', REFUNDS[0], { metadata: { createdAt: new Date(now - 200 * DAY).toISOString() } }),
    ]);
    await processed(org.admin.client, org.organizationId, ['refund-3', 'refund-old']);
    const grown = expect146<Cluster>(
      await org.admin.client.get(`${base}/conversations-clusters/${refundCluster}`),
      'getConversationsIssuesCluster',
      200,
    );
    expect(grown.id).toBe(refundCluster);
    expect(grown.stats).toMatchObject({ issues: 4, conversations: 4 });
    expect(grown.weeklyPulse.slice(-3)).toEqual([1, 1, 1]);
    expect(grown.weeklyPulse.reduce((a, b) => a + b, 0)).toBe(3);

    // The status filter: a cluster under 4 issues is pending (not analysed yet: it may still merge);
    // one analysed before is analysing while conversations wait, and nothing waits once processed.
    const pending = expect146<List<Cluster>>(
      await org.admin.client.get(`${base}/conversations-clusters?status=pending`),
      'listConversationsIssuesClusters',
      200,
    );
    expect(pending.count).toBeGreaterThan(0);
    expect(pending.count).toBe(pending.items.length);
    expect(pending.items.map((c) => c.id)).not.toContain(refundCluster);
    expect(pending.items.every((c) => c.stats.issues < 4)).toBe(true);
    const analysing = expect146<List<Cluster>>(
      await org.admin.client.get(`${base}/conversations-clusters?status=analysing`),
      'listConversationsIssuesClusters',
      200,
    );
    expect(analysing).toMatchObject({ count: 0, items: [] });
    expectError(await org.admin.client.get(`${base}/conversations-clusters?status=done`), 400);
  });

  it('is idempotent on the conversation id: a repeat changes nothing, and the first content wins', async () => {
    const body = conversation('same-id', 'How do I invite a teammate to my workspace?');
    await ingest(org.admin.client, org.organizationId, body);
    await ingest(org.admin.client, org.organizationId, body);
    await ingest(org.admin.client, org.organizationId, conversation('same-id', 'Completely different: where are my invoices?'));
    await processed(org.admin.client, org.organizationId, ['same-id']);
    const issues = expect146<List<IssueItem>>(
      await org.admin.client.get(`${base}/conversations-issues?conversation=same-id`),
      'listConversationsIssues',
      200,
    );
    expect(issues.items.map((i) => i.issue.title)).toEqual(['How do I invite a teammate to my workspace?']);
    const got = expect146<{ parts: Array<{ body: string }> }>(
      await org.admin.client.get(`${base}/conversations/same-id`),
      'getConversationById',
      200,
    );
    expect(got.parts[0].body).toMatch(/invite a teammate/);
  });

  it('refuses bad input with a 4xx naming the field, and documents what it skips or caps', async () => {
    const post = (body: unknown) => org.admin.client.post(`${base}/conversations`, body);
    expectError(await post({ id: 'x', parts: [{ type: 'message', role: 'robot', body: 'hi' }] }), 400, /parts\.0\.role must be one of/);
    expectError(await post({ id: 'x', parts: [{ type: 'note', role: 'user', body: 'hi' }] }), 400, /type must be "message"/);
    expectError(await post({ id: '', parts: [] }), 400, /id must be longer than or equal to 1/);
    expectError(await post({ id: 'x'.repeat(256), parts: [] }), 400, /id must be shorter than or equal to 255/);
    expectError(await post({ parts: [] }), 400, /id must be a string/);
    expectError(await post({ id: 'x', parts: 'nope' }), 400, /parts must be an array/);
    expectError(
      await post({ id: 'x', parts: [], metadata: { createdAt: 'yesterday' } }),
      400,
      /metadata\.createdAt must be a valid ISO 8601/,
    );
    expectError(await post({ id: 'x', parts: [], metadata: { attributes: { a: 1 } } }), 400, /metadata\.attributes must map/);
    expectError(await post({ id: 'x', parts: [], metadata: { attributes: { source: 'slack' } } }), 400, /metadata\.attributes\.source/);
    expectError(
      await post([
        { id: 'a', parts: [] },
        { id: 'b', parts: [{ type: 'message', role: 'user' }] },
      ]),
      400,
      /\[1\]\.parts\.0\.body must be a string/,
    );
    expectError(await post([]), 400, /at least one conversation/);
    expectError(await post(Array.from({ length: 101 }, (_, i) => ({ id: `n${i}`, parts: [] }))), 400, /at most 100 conversations/);
    expectError(await org.admin.client.get(`${base}/conversations-clusters?orderBy=nope`), 400, /orderBy must be one of/);
    expectError(await org.admin.client.get(`${base}/conversations?source=slack`), 400, /source must be/);
    expectError(await org.admin.client.get(`${base}/conversations?limit=1001`), 400, /limit/);

    // No user message: stored and processed, no issue (skipped). A 1 MB message is kept up to 32,768 characters.
    await ingest(org.admin.client, org.organizationId, [
      { id: 'agent-only', parts: [{ type: 'message', role: 'assistant', body: 'Did you find what you needed?' }] },
      { id: 'no-parts', parts: [] },
      { id: 'huge', parts: [{ type: 'message', role: 'user', body: `Why does the editor freeze? ${'lorem ipsum '.repeat(90_000)}` }] },
    ]);
    await processed(org.admin.client, org.organizationId, ['agent-only', 'no-parts', 'huge']);
    for (const id of ['agent-only', 'no-parts']) {
      const none = expect146<List<IssueItem>>(
        await org.admin.client.get(`${base}/conversations-issues?conversation=${id}`),
        'listConversationsIssues',
        200,
      );
      expect(none.count).toBe(0);
    }
    const huge = expect146<{ parts: Array<{ body: string }> }>(
      await org.admin.client.get(`${base}/conversations/huge`),
      'getConversationById',
      200,
    );
    expect(huge.parts[0].body.length).toBeLessThan(33_000);
    expect(huge.parts[0].body).toMatch(/\[truncated by Bindery: messages are kept up to 32768 characters\]$/);
    const hugeIssue = expect146<List<IssueItem>>(
      await org.admin.client.get(`${base}/conversations-issues?conversation=huge`),
      'listConversationsIssues',
      200,
    );
    expect(hugeIssue.items[0].issue.title.length).toBeLessThanOrEqual(140);
  });

  it('answers unknown ids and other organizations with the official not-found error, and ingestion needs an admin', async () => {
    expect146(await org.admin.client.get(`${base}/conversations/nope`), 'getConversationById', 404);
    expect146(await org.admin.client.get(`${base}/conversations-issues/nope`), 'getConversationIssueById', 404);
    expectError(await org.admin.client.get(`${base}/conversations-clusters/nope`), 404, /cluster not found/);

    const other = await newOrganization('Other Org');
    const otherBase = `/v1/orgs/${other.organizationId}`;
    const mine = expect146<List<IssueItem>>(
      await org.admin.client.get(`${base}/conversations-issues?limit=1`),
      'listConversationsIssues',
      200,
    );
    const { issue } = mine.items[0];
    // Another organization's admin: neither our organization nor our ids through theirs.
    expectError(await other.admin.client.get(`${base}/conversations`), 404, /No matching organization found/);
    expectError(await other.admin.client.get(`${base}/conversations-clusters`), 404, /No matching organization found/);
    expectError(
      await other.admin.client.post(`${base}/conversations`, conversation('intrude', 'hello?')),
      404,
      /No matching organization found/,
    );
    expectError(await other.admin.client.get(`${otherBase}/conversations-issues/${issue.id}`), 404);
    expectError(await other.admin.client.get(`${otherBase}/conversations/${issue.conversation}`), 404);
    expectError(await other.admin.client.get(`${otherBase}/conversations-clusters/${issue.cluster}`), 404);

    const editor = await addMember(org, 'edit', 'conv-editor');
    expect146(await editor.client.get(`${base}/conversations-clusters`), 'listConversationsIssuesClusters', 200);
    expectError(await editor.client.post(`${base}/conversations`, conversation('by-editor', 'How?')), 403, /admin/);
  });
});
