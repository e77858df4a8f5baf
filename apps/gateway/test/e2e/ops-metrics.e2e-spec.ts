import { serviceLabel, testStack } from '@bindery/testing';
import { createSpace, newOrgAdmin } from './content-helpers';
import { anonymousClient, eventually } from './helpers';

/** Prometheus text of one app's metrics listener (its own port, never a gateway route). */
async function scrape(app: string): Promise<string> {
  const port = testStack().metricsPorts[app];
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of the sample whose name and labels contain every given fragment (0 when absent). */
function sample(text: string, name: string, ...fragments: string[]): number {
  const line = text.split('\n').find((l) => l.startsWith(name) && fragments.every((f) => l.includes(f)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const ID_LIKE = /"[A-Za-z0-9]{20,}"/;

describe('operations: Prometheus metrics of every app', () => {
  it('counts a gateway request under its route template, and no id becomes a label value', async () => {
    const { client, orgId } = await newOrgAdmin('metrics');
    const space = await createSpace(client, orgId);
    const name = 'bindery_http_request_duration_seconds_count';
    const labels = ['route="/v1/spaces/:spaceId"', 'method="GET"', 'status="200"'];
    const before = sample(await scrape('gateway'), name, ...labels);
    expect((await client.get(`/v1/spaces/${space.id}`)).status).toBe(200);
    await eventually(async () => expect(sample(await scrape('gateway'), name, ...labels)).toBe(before + 1));

    for (const app of ['gateway', 'content', 'identity']) {
      const text = await scrape(app);
      expect(text).not.toContain(space.id);
      expect(text).not.toContain(orgId);
      expect(text.split('\n').filter((l) => !l.startsWith('#') && ID_LIKE.test(l))).toEqual([]);
    }
  });

  it('puts unknown paths under one label, not their raw path', async () => {
    const path = `/v1/no-such-route-${Date.now()}`;
    expect((await anonymousClient().get(path)).status).toBe(404);
    const text = await scrape('gateway');
    expect(text).not.toContain(path);
    expect(sample(text, 'bindery_http_request_duration_seconds_count', 'route="unmatched"', 'status="404"')).toBeGreaterThan(0);
  });

  it('times RPCs on both sides, and reports pool, outbox, consumer lag and process health', async () => {
    const { client, orgId } = await newOrgAdmin('metrics-rpc');
    await createSpace(client, orgId);
    const gateway = await scrape('gateway');
    expect(sample(gateway, 'bindery_rpc_client_duration_seconds_count', 'subject="content.space.create"', 'outcome="ok"')).toBeGreaterThan(
      0,
    );
    const content = await scrape('content');
    expect(sample(content, 'bindery_rpc_server_duration_seconds_count', 'subject="content.space.create"', 'outcome="ok"')).toBeGreaterThan(
      0,
    );
    expect(content).toMatch(/^bindery_db_pool_connections\{[^}]*state="idle"[^}]*\} \d+/m);
    expect(content).toMatch(/^bindery_outbox_backlog_events\{[^}]*\} \d+/m);
    expect(content).toMatch(new RegExp(`^nodejs_eventloop_lag_seconds\\{[^}]*service="${serviceLabel('content')}"[^}]*\\}`, 'm'));
    expect(content).toMatch(/^process_resident_memory_bytes/m);
    const identity = await scrape('identity');
    expect(identity).toMatch(/^bindery_consumer_pending_messages\{[^}]*consumer="[a-z0-9-]+"[^}]*\} \d+/m);
    const worker = await scrape('content-worker');
    expect(worker).toMatch(/^bindery_consumer_pending_messages\{/m);
  });

  it('answers the probes of services and workers on their metrics port (Kubernetes has no other HTTP port to ask)', async () => {
    for (const app of ['content', 'content-worker']) {
      const port = testStack().metricsPorts[app];
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()).toEqual({ status: 'ready' });
    }
  });

  it('serves nothing else on the metrics port, and no metrics route on the public gateway', async () => {
    const port = testStack().metricsPorts.gateway;
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await anonymousClient().get('/metrics')).status).toBe(404);
    expect((await anonymousClient().get('/v1/metrics')).status).toBe(404);
  });
});
