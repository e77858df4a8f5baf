import { OpenApiEvents, type OpenApiProcessedEvent } from '@bindery/contracts';
import { JetStreamBus } from '@bindery/platform';
import { expectOperation, testNats } from '@bindery/testing';
import { eventually } from './helpers';
import { newOrganization } from './identity-helpers';
import { type OpenApiSpecBody, smallSpec } from './openapi-helpers';

// Content regenerates computed pages by asking sites for a spec's newest version when it hears
// `sites.openapi.processed`: the version the event names must already be the newest when the
// event can be heard (recorded after the commit that published it, content could get the previous
// version and never ask again).
describe('OpenAPI processed events', () => {
  it('are heard only once the version they name is the spec’s newest', async () => {
    const org = await newOrganization('OpenAPI Events Org');
    const admin = org.admin.client;
    const seen: Array<{ event: string; newest?: string }> = [];
    const bus = await JetStreamBus.connect(testNats(), 'e2e-openapi-processed');
    try {
      await bus.consumeEvents<OpenApiProcessedEvent>({
        durable: `e2e-openapi-processed-${Date.now()}`,
        subject: OpenApiEvents.specProcessed,
        handler: async (event) => {
          if (event.organizationId !== org.organizationId) return;
          // Asked the moment the event arrives, as content's consumer does.
          const spec = expectOperation<OpenApiSpecBody>(
            await admin.get(`/v1/orgs/${org.organizationId}/openapi/${event.slug}`),
            'getOpenAPISpecBySlug',
            200,
          );
          seen.push({ event: event.versionId, newest: spec.lastVersion });
        },
      });
      const base = `/v1/orgs/${org.organizationId}/openapi`;
      expectOperation(await admin.post(base, { slug: 'pets', source: { text: smallSpec('One') } }), 'createOpenAPISpec', 201);
      await eventually(() => Promise.resolve(expect(seen).toHaveLength(1)), 30_000);
      for (const title of ['Two', 'Three', 'Four', 'Five']) {
        const count = seen.length;
        expectOperation(await admin.put(`${base}/pets`, { source: { text: smallSpec(title) } }), 'createOrUpdateOpenAPISpecBySlug', 200);
        await eventually(() => Promise.resolve(expect(seen).toHaveLength(count + 1)), 30_000);
      }
      expect(seen).toHaveLength(5);
      expect(seen.map((s) => s.newest)).toEqual(seen.map((s) => s.event));
    } finally {
      await bus.close();
    }
  });
});
