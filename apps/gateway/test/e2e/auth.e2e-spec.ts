import { expectError, expectOperation, identityCli } from '@bindery/testing';
import { adminClient, anonymousClient, eventually, newUser } from './helpers';

describe('authentication', () => {
  it('answers 401 with the error body when the Authorization header is missing', async () => {
    expectError(await anonymousClient().get('/v1/user'), 401, /Authorization/);
  });

  it.each([['Basic abc'], ['Bearer'], ['Bearer two words'], ['bdy_token-without-scheme']])(
    'answers 401 to the malformed header "%s"',
    async (header) => {
      expectError(await anonymousClient().request('GET', '/v1/orgs', undefined, { authorization: header }), 401, /Malformed/);
    },
  );

  it('answers 401 to an unknown token', async () => {
    expectError(
      await anonymousClient().withToken('bdy_doesnotexist0000000000000000000000000').get('/v1/orgs'),
      401,
      /Invalid, expired or revoked/,
    );
  });

  it('returns the caller as GET /v1/user', async () => {
    const user = expectOperation<{ email: string; object: string }>(await adminClient().get('/v1/user'), 'getAuthenticatedUser', 200);
    expect(user).toMatchObject({ object: 'user', email: 'admin@e2e.test' });
  });

  it('stops accepting a token as soon as it is revoked, even while the gateway has it cached', async () => {
    const { client, tokenId } = await newUser('revoked');
    expectOperation(await client.get('/v1/user'), 'getAuthenticatedUser', 200);
    await identityCli(['token:revoke', '--id', tokenId], { process: true }); // as an operator would
    await eventually(async () => {
      expectError(await client.get('/v1/user'), 401, /Invalid, expired or revoked/);
    }, 3000);
  });

  it('keeps health probes public', async () => {
    const health = await anonymousClient().get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
  });
});
