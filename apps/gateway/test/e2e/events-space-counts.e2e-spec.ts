import { ContentEvents } from '@bindery/contracts';
import { JetStreamBus } from '@bindery/platform';
import { SERVICES } from '@bindery/stack';
import { controlTestStack, expectOperation, testNats } from '@bindery/testing';
import { eventually } from './helpers';
import { addMember, newOrganization, newTeam, type OrgWithAdmin } from './identity-helpers';

interface MemberBody {
  id: string;
  spaces: number;
}
interface TeamBody {
  id: string;
  spaces: number;
}

const identity = SERVICES.find((s) => s.name === 'identity')!;

async function memberSpaces(org: OrgWithAdmin, userId: string): Promise<number> {
  const path = `/v1/orgs/${org.organizationId}/members/${userId}`;
  return expectOperation<MemberBody>(await org.admin.client.get(path), 'getMemberInOrganizationById', 200).spaces;
}

async function teamSpaces(org: OrgWithAdmin, teamId: string): Promise<number> {
  const path = `/v1/orgs/${org.organizationId}/teams/${teamId}`;
  return expectOperation<TeamBody>(await org.admin.client.get(path), 'getTeamInOrganizationById', 200).spaces;
}

async function createSpace(org: OrgWithAdmin, title: string, parent?: string): Promise<string> {
  const body = parent ? { title, parent } : { title };
  return expectOperation<{ id: string }>(await org.admin.client.post(`/v1/orgs/${org.organizationId}/spaces`, body), 'createSpace', 201).id;
}

/** Waits for the consumer to bring a member's count to `expected`. */
const countBecomes = (org: OrgWithAdmin, userId: string, expected: number, timeoutMs = 10_000) =>
  eventually(async () => expect(await memberSpaces(org, userId)).toBe(expected), timeoutMs);

describe('Member.spaces and Team.spaces, kept by identity from content events', () => {
  it('follow creation, deletion, restore and transfers; guests and teams reach none; replays change nothing', async () => {
    const org = await newOrganization('Counted');
    const reader = await addMember(org, 'read');
    const guest = await addMember(org, null, 'guest');
    const team = await newTeam(org, 'Readers', [reader.userId]);
    expect(await memberSpaces(org, reader.userId)).toBe(0);

    const first = await createSpace(org, 'One');
    await createSpace(org, 'Two');
    await countBecomes(org, reader.userId, 2);
    expect(await memberSpaces(org, org.admin.userId)).toBe(2);
    // Content reaches guests with nothing, and grants no space to a team yet.
    expect(await memberSpaces(org, guest.userId)).toBe(0);
    expect(await teamSpaces(org, team.id)).toBe(0);

    expect((await org.admin.client.delete(`/v1/spaces/${first}`)).status).toBe(204);
    await countBecomes(org, reader.userId, 1);
    expectOperation(await org.admin.client.post(`/v1/spaces/${first}/restore`), 'restoreSpace', 200);
    await countBecomes(org, reader.userId, 2);

    // A space transfer changes two organizations' counts; so does a collection's, for each space in it.
    const other = expectOperation<{ id: string }>(
      await org.admin.client.post('/v1/orgs', { title: 'Receiver' }),
      'createOrganization',
      201,
    );
    const receiver: OrgWithAdmin = { organizationId: other.id, admin: org.admin };
    // transferSpace is not in the official document; its body is a Space.
    expectOperation(await org.admin.client.post(`/v1/spaces/${first}/transfer`, { organization: other.id }), 'getSpaceById', 200);
    await countBecomes(org, reader.userId, 1);
    await countBecomes(receiver, org.admin.userId, 1);
    const collection = expectOperation<{ id: string }>(
      await org.admin.client.post(`/v1/orgs/${org.organizationId}/collections`, { title: 'Moving' }),
      'createCollection',
      201,
    );
    await createSpace(org, 'Inside A', collection.id);
    await createSpace(org, 'Inside B', collection.id);
    await countBecomes(org, reader.userId, 3);
    expect((await org.admin.client.post(`/v1/collections/${collection.id}/transfer`, { organization: other.id })).status).toBe(200);
    await countBecomes(org, reader.userId, 1);
    await countBecomes(receiver, org.admin.userId, 3);

    // Replayed and forged duplicates (new message ids, so JetStream does not drop them) are
    // harmless: counts are recomputed from content, never incremented.
    const bus = await JetStreamBus.connect(testNats(), 'e2e-space-counts-replay');
    try {
      for (let i = 0; i < 3; i++) {
        await bus.publishEvent(ContentEvents.spaceCreated, {
          spaceId: first,
          organizationId: org.organizationId,
          at: new Date().toISOString(),
        });
      }
      await bus.publishEvent(ContentEvents.spaceDeleted, { spaceId: 'nope', organizationId: 'no-such-org', at: new Date().toISOString() });
    } finally {
      await bus.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await memberSpaces(org, reader.userId)).toBe(1);
    expect(await memberSpaces(receiver, org.admin.userId)).toBe(3);
  });

  it('converge after the consumer was down while spaces changed', async () => {
    const org = await newOrganization('Catching up');
    const editor = await addMember(org, 'edit');
    const kept = await createSpace(org, 'Kept');
    const doomed = await createSpace(org, 'Doomed');
    await countBecomes(org, editor.userId, 2);

    const stack = await controlTestStack();
    // Identity keeps serving requests (content needs it to authorise the changes) with no consumer.
    await stack.stopApp('identity', { crash: true });
    stack.startApp(identity, { EVENT_CONSUMERS: 'off' });
    try {
      await stack.waitUntilReady();
      expect((await org.admin.client.delete(`/v1/spaces/${doomed}`)).status).toBe(204);
      for (const title of ['Three', 'Four', 'Five']) await createSpace(org, title);
      expectOperation(await org.admin.client.patch(`/v1/spaces/${kept}`, { title: 'Kept, renamed' }), 'updateSpaceById', 200);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Nobody consumed: the stored count is the one from before the outage.
      expect(await memberSpaces(org, editor.userId)).toBe(2);
    } finally {
      await stack.stopApp('identity', { crash: true });
      stack.startApp(identity);
      await stack.waitUntilReady();
    }
    // The durable consumer resumes where it stopped and catches up.
    await countBecomes(org, editor.userId, 4, 20_000);
    expect(await memberSpaces(org, org.admin.userId)).toBe(4);
  }, 480_000);
});
