import { controlTestStack, expectOperation, settleTestStack, testStack } from '@bindery/testing';
import { adminClient, anonymousClient } from './helpers';

describe("the test stack's teardown of a file", () => {
  it('puts back an app a test stopped and failed to restart, so the files after it have every app', async () => {
    const stack = await controlTestStack();
    const orgPath = `/v1/orgs/${testStack().adminOrganizationId}`;
    // As a crash test that failed before its restart leaves it: identity killed, nothing started again.
    await stack.stopApp('identity', { crash: true });
    expect((await anonymousClient().get('/readyz')).status).toBe(503);

    await settleTestStack();

    expect((await anonymousClient().get('/readyz')).body).toMatchObject({ status: 'ready', services: { identity: 'up' } });
    expectOperation(await adminClient().get(orgPath), 'getOrganizationById', 200);
  }, 240_000);
});
