import { ContentSubjects, IdentitySubjects, type RequestContext, type Space, healthSubject } from '@bindery/contracts';
import type { ServiceClient } from './service-client';

/**
 * Compile-time contract of `ServiceClient.send` (checked by `pnpm typecheck`; each
 * `@ts-expect-error` fails the build if the line it guards ever compiles). Never called.
 */
async function sendIsTypedBySubject(client: ServiceClient, ctx: RequestContext): Promise<void> {
  // The result is the subject's: no type argument to give.
  const space: Space = await client.send(ContentSubjects.spaceGet, ctx, { spaceId: 's' });
  const health = await client.send(healthSubject('content'), ctx, {});
  void [space, health.ok];

  // @ts-expect-error a payload missing a required field
  await client.send(ContentSubjects.spaceCreate, ctx, { title: 'no organization' });
  // @ts-expect-error a payload of another subject
  await client.send(IdentitySubjects.orgGet, ctx, { spaceId: 's' });
  // @ts-expect-error a subject no service answers
  await client.send('content.space.nope', ctx, {});
  // @ts-expect-error the old generic form (`send<Result>(…)`) is gone
  await client.send<Space>(ContentSubjects.spaceGet, ctx, { spaceId: 's' });
  // @ts-expect-error the result is not whatever the caller says
  const wrong: Space = await client.send(IdentitySubjects.orgGet, ctx, { organizationId: 'o' });
  void wrong;
}

describe('ServiceClient.send typing', () => {
  it('is checked at compile time (see the @ts-expect-error lines above)', () => {
    expect(typeof sendIsTypedBySubject).toBe('function');
  });
});
