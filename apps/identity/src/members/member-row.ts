import type { Member, MemberRole } from '@bindery/contracts';

/** A membership joined with its user, as the members queries return it. */
export interface MemberRow {
  user_id: string;
  role: MemberRole | null;
  joined_at: Date;
  last_seen_at: Date | null;
  disabled: boolean;
  sso: boolean;
  display_name: string;
  email: string;
  photo_url: string | null;
  teams: number;
  spaces: number;
}

/** The SELECT list that produces a MemberRow from `memberships m JOIN users u`. */
export const MEMBER_COLUMNS = `m.user_id, m.role, m.joined_at, m.last_seen_at, m.disabled, m.sso,
  u.display_name, u.email, u.photo_url,
  (SELECT count(*)::int FROM team_members tm WHERE tm.organization_id = m.organization_id AND tm.user_id = m.user_id) AS teams,
  COALESCE((SELECT sc.spaces FROM role_space_counts sc WHERE sc.organization_id = m.organization_id AND sc.role = m.role), 0) AS spaces`;

export function toMember(row: MemberRow, baseUrl: string): Member {
  const member: Member = {
    object: 'member',
    id: row.user_id,
    role: row.role,
    user: {
      object: 'user',
      id: row.user_id,
      displayName: row.display_name,
      email: row.email,
      urls: { location: `${baseUrl}/v1/users/${row.user_id}` },
    },
    disabled: row.disabled,
    joinedAt: row.joined_at.toISOString(),
    sso: row.sso,
    // As content last counted them for the member's role (space-counts consumer); guests reach none.
    spaces: row.spaces,
    teams: row.teams,
    // Site grants will live in the sites context.
    sites: 0,
  };
  if (row.photo_url) member.user.photoURL = row.photo_url;
  if (row.last_seen_at) member.lastSeenAt = row.last_seen_at.toISOString();
  return member;
}
