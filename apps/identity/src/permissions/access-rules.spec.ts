import { MEMBER_ROLES, type MemberRole } from '@bindery/contracts';
import { can, canInspectMember, type OrgAction, teamPermissions } from './access-rules';

type Row = [label: string, role: MemberRole | null | undefined];
const standings: Row[] = [...MEMBER_ROLES.map((r): Row => [r, r]), ['guest', null], ['outsider', undefined]];

/** Expected outcome per action for: admin create review edit comment read guest outsider. */
const matrix: Record<OrgAction, string> = {
  'org.view': '11111110',
  'org.update': '10000000',
  'members.list': '11111100',
  'members.manage': '10000000',
  'teams.list': '11111100',
  'teams.create': '10000000',
  'invites.manage': '10000000',
  'saml.manage': '10000000',
  'sso.view': '11111110',
  'agentInstructions.view': '11111100',
  'agentInstructions.update': '10000000',
};

describe('the organization role matrix', () => {
  for (const [action, expected] of Object.entries(matrix) as Array<[OrgAction, string]>) {
    it.each(standings.map(([label, role], i): [string, MemberRole | null | undefined, boolean] => [label, role, expected[i] === '1']))(
      `${action} for %s`,
      (_label, role, allowed) => {
        expect(can(action, { role })).toBe(allowed);
      },
    );
  }
});

describe('teamPermissions', () => {
  it('lets admins and team owners manage a team, not plain team members', () => {
    expect(teamPermissions({ role: 'admin' })).toEqual({ admin: true, view: true });
    expect(teamPermissions({ role: 'read', teamRole: 'owner' })).toEqual({ admin: true, view: true });
    expect(teamPermissions({ role: 'create', teamRole: 'member' })).toEqual({ admin: false, view: true });
    expect(teamPermissions({ role: 'edit' })).toEqual({ admin: false, view: true });
  });

  it('shows a guest only the teams it belongs to, and nothing to outsiders', () => {
    expect(teamPermissions({ role: null })).toEqual({ admin: false, view: false });
    expect(teamPermissions({ role: null, teamRole: 'member' })).toEqual({ admin: false, view: true });
    expect(teamPermissions({ role: undefined, teamRole: 'owner' })).toEqual({ admin: false, view: false });
  });
});

describe('canInspectMember', () => {
  it('allows admins and the member themself only', () => {
    expect(canInspectMember({ role: 'admin' }, 'a', 'b')).toBe(true);
    expect(canInspectMember({ role: 'read' }, 'a', 'a')).toBe(true);
    expect(canInspectMember({ role: 'create' }, 'a', 'b')).toBe(false);
    expect(canInspectMember({ role: undefined }, 'a', 'a')).toBe(false);
  });
});
