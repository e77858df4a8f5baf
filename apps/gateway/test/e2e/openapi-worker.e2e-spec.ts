import { ALL_APPS, controlTestStack, expectOperation } from '@bindery/testing';
import { newOrganization } from './identity-helpers';
import { processed, SpecServer, smallSpec, specWhen } from './openapi-helpers';

describe('OpenAPI processing worker', () => {
  const server = new SpecServer();
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it('loses nothing when the sites worker is killed -9 mid-processing: the job runs again after restart', async () => {
    const org = await newOrganization('OpenAPI Kill Org');
    const base = `/v1/orgs/${org.organizationId}/openapi`;
    server.set('/spec.json', smallSpec('Survivor'));
    server.hold();
    expectOperation(
      await org.admin.client.post(base, { slug: 'survivor', source: { url: server.url('/held/spec.json') } }),
      'createOpenAPISpec',
      201,
    );
    // The worker has fetched the entry and waits for its answer: it is mid-job.
    const deadline = Date.now() + 20_000;
    while (!server.hits.get('/held/spec.json')) {
      if (Date.now() > deadline) throw new Error('the worker never fetched the spec');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await specWhen(org.admin.client, org.organizationId, 'survivor', (s) => s.processingState === 'progress');

    const stack = await controlTestStack();
    await stack.stopApp('sites-worker', { crash: true });
    server.release();
    stack.startApp(ALL_APPS.find((app) => app.name === 'sites-worker')!);
    await stack.waitUntilReady();
    // Redelivered once the dead worker's ack wait runs out (10 s), to the new worker.
    const spec = await specWhen(org.admin.client, org.organizationId, 'survivor', processed, 45_000);
    expect(spec.lastVersion).toBeDefined();
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(server.hits.get('/held/spec.json')).toBeGreaterThanOrEqual(2);
  }, 240_000);
});
