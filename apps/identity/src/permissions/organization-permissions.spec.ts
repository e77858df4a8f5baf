import type { MemberRole } from '@bindery/contracts';
import { organizationPermissions } from './organization-permissions';

describe('organizationPermissions', () => {
  const cases: Array<[MemberRole | null | undefined, Partial<Record<string, boolean>>]> = [
    ['admin', { view: true, admin: true, createContent: true, viewBilling: true, listMembers: true, installIntegration: true }],
    ['create', { view: true, admin: false, createContent: true, createOpenAPISpec: true, viewBilling: false, listMembers: true }],
    ['review', { view: true, admin: false, createContent: false, listMembers: true }],
    ['edit', { view: true, admin: false, createContent: false, listTeams: true }],
    ['comment', { view: true, admin: false, createContent: false, listMembers: true }],
    ['read', { view: true, admin: false, createContent: false, ingestConversations: false, listMembers: true }],
    [null, { view: true, admin: false, createContent: false, listMembers: false, listTeams: false }],
    [undefined, { view: false, access: false, admin: false, createContent: false, listMembers: false }],
  ];

  it.each(cases)('role %s', (role, expected) => {
    expect(organizationPermissions({ role })).toMatchObject(expected);
  });

  it('reports team ownership as given', () => {
    expect(organizationPermissions({ role: 'read', ownsTeam: true }).ownTeam).toBe(true);
    expect(organizationPermissions({ role: 'admin' }).ownTeam).toBe(false);
  });
});
