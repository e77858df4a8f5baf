import { ContentSubjects, IdentitySubjects, type MembershipGetResult, type RequestContext, type User } from '@bindery/contracts';
import { loadConfig, newId } from '@bindery/platform';
import { callerFor, type ServiceAlone, startServiceAlone } from '@bindery/testing/service-alone';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentEnv } from '../../src/config/content.env';
import { ContentModule } from '../../src/content.module';
import { ChangeRequestsRepository } from '../../src/store/change-requests.repository';
import { SpacesRepository } from '../../src/store/spaces.repository';

// Content alone, its real schema; identity answers every membership as an admin's, and the caller.
let content: ServiceAlone;

beforeAll(async () => {
  content = await startServiceAlone({ app: 'content', module: (env) => ContentModule.forService(loadConfig(ContentEnv, env)) });
  await content.stubPeer(IdentitySubjects.membershipGet, (): MembershipGetResult => ({ member: true, role: 'admin' }));
  await content.stubPeer(IdentitySubjects.userGetCurrent, (_data: never, ctx: RequestContext): User => {
    const id = ctx.caller!.userId;
    return { object: 'user', id, displayName: id, urls: { location: `http://x/v1/users/${id}` } };
  });
});

afterAll(async () => {
  await content?.stop();
});

describe('ChangeRequestsRepository.findWithSpace (what a merge reads in its turn)', () => {
  it('reads the change request, by id or number, with its space as it is now, and only within that space', async () => {
    const caller = callerFor(`merger-${newId()}`);
    const organizationId = newId();
    const [space, other] = await Promise.all(
      ['Merged into', 'Elsewhere'].map((title) => content.send(ContentSubjects.spaceCreate, { organizationId, title }, { caller })),
    );
    const cr = await content.send(ContentSubjects.changeRequestCreate, { spaceId: space.id, subject: 'turn' }, { caller });
    const repository = content.get(ChangeRequestsRepository);
    // The space changes after the change request was opened: the read sees it as it is now.
    await content
      .get(DataSource)
      .query(`UPDATE spaces SET edit_mode = 'locked', merge_rules = '{"type":"none"}' WHERE id = $1`, [space.id]);

    const found = await repository.findWithSpace(space.id, cr.id);
    expect(found?.changeRequest).toEqual(await repository.find(space.id, cr.id));
    const stored = (await content.get(SpacesRepository).find(space.id))!;
    expect(found?.space).toEqual({
      revisionId: stored.revisionId,
      editMode: 'locked',
      mergeRules: { type: 'none' },
      organizationId,
      language: stored.language,
    });
    expect((await repository.findWithSpace(space.id, String(cr.number)))?.changeRequest.id).toBe(cr.id);
    // Another space's change request is not found through this one.
    expect(await repository.findWithSpace(other.id, cr.id)).toBeNull();
  });
});
