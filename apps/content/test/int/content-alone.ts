import { IdentitySubjects, type MembershipGetResult, type RequestContext, type User } from '@bindery/contracts';
import { loadConfig } from '@bindery/platform';
import { type ServiceAlone, startServiceAlone } from '@bindery/testing/service-alone';
import { ContentEnv } from '../../src/config/content.env';
import { ContentModule } from '../../src/content.module';

/**
 * Content alone on its real schema, identity stubbed: every membership is an admin's and the
 * current user is the caller. Tests stub further peers on the returned service.
 */
export async function startContentAlone(): Promise<ServiceAlone> {
  const content = await startServiceAlone({ app: 'content', module: (env) => ContentModule.forService(loadConfig(ContentEnv, env)) });
  await content.stubPeer(IdentitySubjects.membershipGet, (): MembershipGetResult => ({ member: true, role: 'admin' }));
  await content.stubPeer(IdentitySubjects.userGetCurrent, (_data: never, ctx: RequestContext): User => {
    const id = ctx.caller!.userId;
    return { object: 'user', id, displayName: id, urls: { location: `http://x/v1/users/${id}` } };
  });
  return content;
}
