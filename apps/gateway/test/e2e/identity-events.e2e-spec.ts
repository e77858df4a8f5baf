import { IdentityEvents, type MemberRemovedEvent, type TeamDeletedEvent } from '@bindery/contracts';
import { JetStreamBus } from '@bindery/platform';
import { expectOperation, testNats } from '@bindery/testing';
import { eventually } from './helpers';
import { addMember, newOrganization, newTeam } from './identity-helpers';

describe('identity: events other contexts rely on', () => {
  it('publishes identity.member.removed and identity.team.deleted once each, and nothing for a refused change', async () => {
    const removed: MemberRemovedEvent[] = [];
    const deleted: TeamDeletedEvent[] = [];
    const bus = await JetStreamBus.connect(testNats(), 'e2e-identity-events');
    try {
      const suffix = Date.now();
      await bus.consumeEvents<MemberRemovedEvent>({
        durable: `e2e-removed-${suffix}`,
        subject: IdentityEvents.memberRemoved,
        handler: (e) => Promise.resolve(void removed.push(e)),
      });
      await bus.consumeEvents<TeamDeletedEvent>({
        durable: `e2e-team-deleted-${suffix}`,
        subject: IdentityEvents.teamDeleted,
        handler: (e) => Promise.resolve(void deleted.push(e)),
      });

      const org = await newOrganization();
      const member = await addMember(org, 'edit');
      const team = await newTeam(org, 'Short-lived');
      // Refused first (the last admin): had it published anything, it would arrive before the rest.
      expect((await org.admin.client.delete(`/v1/orgs/${org.organizationId}/members/${org.admin.userId}`)).status).toBe(400);
      expectOperation(
        await org.admin.client.delete(`/v1/orgs/${org.organizationId}/members/${member.userId}`),
        'removeMemberFromOrganizationById',
        204,
      );
      expectOperation(
        await org.admin.client.delete(`/v1/orgs/${org.organizationId}/members/${member.userId}`),
        'removeMemberFromOrganizationById',
        204,
      );
      expectOperation(
        await org.admin.client.delete(`/v1/orgs/${org.organizationId}/teams/${team.id}`),
        'removeTeamFromOrganizationById',
        204,
      );
      expectOperation(
        await org.admin.client.delete(`/v1/orgs/${org.organizationId}/teams/${team.id}`),
        'removeTeamFromOrganizationById',
        204,
      );

      await eventually(() => {
        expect(removed.filter((e) => e.organizationId === org.organizationId)).toEqual([
          expect.objectContaining({ organizationId: org.organizationId, userId: member.userId }),
        ]);
        expect(deleted.filter((e) => e.organizationId === org.organizationId)).toEqual([
          expect.objectContaining({ organizationId: org.organizationId, teamId: team.id }),
        ]);
        return Promise.resolve();
      });
    } finally {
      await bus.close();
    }
  });
});
