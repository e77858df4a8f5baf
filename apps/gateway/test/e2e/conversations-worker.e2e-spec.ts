import { WORKERS } from '@bindery/stack';
import { controlTestStack } from '@bindery/testing';
import { conversation, type ConversationBody, expect146, ingest } from './conversations-helpers';
import { eventually } from './helpers';
import { newOrganization } from './identity-helpers';

interface List<T> {
  count: number;
  items: T[];
  next?: { page: string };
}
interface Cluster {
  weeklyPulse: number[];
  sources: Record<string, number>;
  stats: { issues: number; conversations: number };
}

const TOPICS = [
  'How do I get a refund for my subscription number',
  'Why can I not log in with my password on account',
  'How do I export my space to a PDF file called',
  'Where do I change the language of my site for team',
];
const TOTAL = 300;
const WORKER = WORKERS.find((w) => w.name === 'conversations-worker')!;

describe('conversations worker killed mid-stream (SIGKILL)', () => {
  it('loses nothing and counts nothing twice', async () => {
    const stack = await controlTestStack();
    const org = await newOrganization('Conversations Kill Org');
    const base = `/v1/orgs/${org.organizationId}`;
    const issueCount = async (): Promise<number> =>
      expect146<List<unknown>>(await org.admin.client.get(`${base}/conversations-issues?limit=1`), 'listConversationsIssues', 200).count;

    // Small batches, so the kill lands between (or inside) committed batches. The worker is
    // restarted with them before anything is ingested: in the all-in-one topology a restart is the
    // whole process's, and its jobs thread serves before the gateway does, so a stream waiting
    // for it would be done before this test could see its first issue.
    await stack.stopApp(WORKER.name);
    stack.startApp(WORKER, { CONVERSATIONS_BATCH: '5' });
    try {
      await stack.waitUntilReady();
      const bodies: ConversationBody[] = Array.from({ length: TOTAL }, (_, i) =>
        conversation(`k-${i}`, `${TOPICS[i % TOPICS.length]} ${i}?`),
      );
      for (let i = 0; i < TOTAL; i += 100) await ingest(org.admin.client, org.organizationId, bodies.slice(i, i + 100));
      await eventually(async () => expect(await issueCount()).toBeGreaterThan(0), 30_000);
      await stack.stopApp(WORKER.name, { crash: true });
      const partial = await issueCount();
      expect(partial).toBeLessThan(TOTAL);
    } finally {
      stack.startApp(WORKER);
      await stack.waitUntilReady();
    }

    // The jobs in hand come back after their ack wait; every conversation ends with exactly one issue.
    await eventually(async () => expect(await issueCount()).toBe(TOTAL), 60_000);
    const conversations = new Set<string>();
    let page: string | undefined;
    do {
      const list = expect146<List<{ conversation: { id: string } }>>(
        await org.admin.client.get(`${base}/conversations-issues?limit=1000${page ? `&page=${page}` : ''}`),
        'listConversationsIssues',
        200,
      );
      for (const item of list.items) conversations.add(item.conversation.id);
      page = list.next?.page;
    } while (page);
    expect(conversations.size).toBe(TOTAL);

    // Cluster counters, sources and the pulse add up to the issues: no batch was counted twice.
    const clusters = expect146<List<Cluster>>(
      await org.admin.client.get(`${base}/conversations-clusters?limit=1000`),
      'listConversationsIssuesClusters',
      200,
    );
    const sum = (f: (c: Cluster) => number) => clusters.items.reduce((total, c) => total + f(c), 0);
    expect(sum((c) => c.stats.issues)).toBe(TOTAL);
    expect(sum((c) => c.stats.conversations)).toBe(TOTAL);
    expect(sum((c) => Object.values(c.sources).reduce((a, b) => a + b, 0))).toBe(TOTAL);
    expect(sum((c) => c.weeklyPulse[12])).toBe(TOTAL);
    // Four topics: a handful of clusters, not one per conversation.
    expect(clusters.count).toBeLessThan(20);
  }, 480_000);
});
