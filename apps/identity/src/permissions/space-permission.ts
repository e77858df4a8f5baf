import { isMemberRole, type MemberRole, type MemberRoleOrGuest, roleAtLeast } from '@bindery/contracts';

/**
 * A member's level on a space, from their organization role and the space's `defaultLevel`
 * (the level everyone in the organization gets; `inherit` = the member's own role). Admins
 * administrate every space; guests reach only spaces opened to the whole organization.
 * Undefined: no access.
 */
export function memberSpacePermission(role: MemberRoleOrGuest, defaultLevel: unknown): MemberRole | undefined {
  if (role === 'admin') return 'admin';
  const spaceLevel = isMemberRole(defaultLevel) ? defaultLevel : undefined;
  const ownLevel = role ?? undefined;
  if (defaultLevel === 'inherit') return ownLevel;
  if (!spaceLevel) return undefined;
  if (!ownLevel) return spaceLevel;
  // The space's default level can only narrow what the member's role grants, never widen it.
  return roleAtLeast(ownLevel, spaceLevel) ? spaceLevel : ownLevel;
}
