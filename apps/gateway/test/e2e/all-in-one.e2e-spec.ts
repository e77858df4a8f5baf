import { readFileSync } from 'node:fs';
import { ALL_APPS, ALL_IN_ONE, isAlive, type LocalStack, sleep, WORKERS } from '@bindery/stack';
import { controlTestStack, expectOperation, testStack } from '@bindery/testing';
import { eventually } from './helpers';
import { type SiteBody, siteWithIntro } from './sites-helpers';

/**
 * The small install: every service, worker, the gateway and the reader in one Node process
 * (apps/all-in-one), reached through the same public API. Run the whole suite this way with
 * BINDERY_TEST_TOPOLOGY=all-in-one; run alone, this file moves the running stack to that topology
 * and back. Its idle memory and CPU are measured by `pnpm bench all-in-one-idle`.
 */
describe('all-in-one: every app in one process', () => {
  let stack: LocalStack;
  let switched = false;

  beforeAll(async () => {
    stack = await controlTestStack();
    if (stack.state.topology !== 'all-in-one') {
      switched = true;
      for (const app of [...ALL_APPS].reverse()) await stack.stopApp(app.name);
      stack.state.topology = 'all-in-one';
      stack.save();
      await stack.startApps(180_000);
    }
  }, 240_000);

  afterAll(async () => {
    if (!switched) return;
    await stack.stopApp(ALL_IN_ONE);
    stack.state.topology = 'processes';
    stack.save();
    await stack.startApps(180_000);
  }, 240_000);

  const pid = (): number => stack.state.pids[ALL_IN_ONE];

  it("runs every app in that one process and reports each one's state on /readyz", async () => {
    expect(ALL_APPS.filter((app) => stack.state.pids[app.name])).toEqual([]);
    const response = await fetch(`http://127.0.0.1:${stack.state.metricsPorts[ALL_IN_ONE]}/readyz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; apps: Record<string, string> };
    expect(body.status).toBe('ready');
    expect(body.apps).toEqual(Object.fromEntries(ALL_APPS.map((app) => [app.name, 'up'])));
    // The gateway's probe still asks each service over NATS, each with its own database.
    expect((await fetch(`${testStack().gatewayUrl}/readyz`)).status).toBe(200);
  });

  it('serves the API and the reader: an organization, a space with pages, a published site', async () => {
    const { client, orgId, base, intro } = await siteWithIntro('all-in-one');
    expectOperation<SiteBody>(await client.patch(base, { basename: 'small', visibility: 'public' }), 'updateSiteById', 200);
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);
    await eventually(async () => {
      const page = await fetch(`${testStack().readerUrl}/${orgId}/small/${intro.path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<h1>Intro</h1>');
    }, 20_000);
  }, 120_000);

  it('stops on SIGTERM: the gateway first, then every service and worker (jobs released), then the process exits', async () => {
    const running = pid();
    const logFrom = readFileSync(stack.logFile(ALL_IN_ONE), 'utf8').length;
    process.kill(running, 'SIGTERM');
    const deadline = Date.now() + 45_000;
    while (isAlive(running) && Date.now() < deadline) await sleep(200);
    expect(isAlive(running)).toBe(false);
    const lines = readFileSync(stack.logFile(ALL_IN_ONE), 'utf8').slice(logFrom);
    expect(lines).toContain('stopping every app of the all-in-one process');
    for (const worker of WORKERS) expect(lines).toContain(`"worker":"${worker.name}","msg":"worker stopped"`);
    expect(lines).not.toMatch(/"level":60/); // nothing fatal
    // Back up for the tests that follow in this run.
    await stack.startApps(180_000);
  }, 240_000);
});
