import { type DefaultLevel, MEMBER_ROLES, type MemberRole, roleAtLeast } from '@bindery/contracts';

/**
 * The caller's standing in the space's organization: a role, `null` for a guest, `undefined`
 * for someone who is not a member (or not signed in).
 */
export type OrganizationStanding = MemberRole | null | undefined;

export interface LevelInputs {
  standing: OrganizationStanding;
  /**
   * The `defaultLevel` of the space (or collection) itself, then of each enclosing collection,
   * innermost first. `inherit` defers to the next one; past the last, to the organization role.
   */
  defaultLevels: readonly DefaultLevel[];
}

/**
 * THE rule for a caller's level on a space or a collection; every read, write, `permissions`
 * object and list filter of content goes through it, and identity asks content for it.
 *
 * - Not a member: no level.
 * - A guest (role null) reaches only content shared with them, and nothing is shared with guests
 *   yet: no level. (A space shared by link stays viewable with its key; that is not a level.)
 * - `create` and `admin` administrate all content of the organization: their role, whatever the
 *   default levels say (otherwise a space could lock out the members who may delete it).
 * - Any other member: the first default level that is not `inherit` caps their role (a lower
 *   default level restricts, a higher one never widens); all `inherit`: their role.
 *
 * null: no access at all (reads answer 404, as for a space that does not exist).
 */
export function contentLevel({ standing, defaultLevels }: LevelInputs): MemberRole | null {
  if (!reachesContent(standing)) return null;
  if (roleAtLeast(standing, 'create')) return standing;
  const cap = defaultLevels.find((level): level is MemberRole => level !== 'inherit');
  if (cap === undefined) return standing;
  return roleAtLeast(standing, cap) ? cap : standing;
}

/**
 * Whether `contentLevel` can give this standing any level at all. Default levels only cap a
 * member's role, so this depends on the standing alone: lists use it to answer a guest with an
 * empty page (and count 0) without loading anything.
 */
export function reachesContent(standing: OrganizationStanding): standing is MemberRole {
  return standing !== null && standing !== undefined;
}

/** The default levels of the collections from `parentId` up, innermost first (`collections`: id → row). */
export function collectionChain(
  parentId: string | null,
  collections: ReadonlyMap<string, { parentId: string | null; defaultLevel: DefaultLevel }>,
): DefaultLevel[] {
  const chain: DefaultLevel[] = [];
  const seen = new Set<string>();
  for (let id = parentId; id !== null && !seen.has(id); ) {
    seen.add(id);
    const collection = collections.get(id);
    if (!collection) break;
    chain.push(collection.defaultLevel);
    id = collection.parentId;
  }
  return chain;
}

/**
 * `Member.spaces` per organization role, given the organization's live spaces: the spaces
 * `contentLevel` gives a level to. Default levels only cap a role, so every member with a role
 * reaches every live space (and a guest, absent here, none).
 */
export function spaceCountsByRole(liveSpaces: number): Record<MemberRole, number> {
  return Object.fromEntries(MEMBER_ROLES.map((role) => [role, reachesContent(role) ? liveSpaces : 0])) as Record<MemberRole, number>;
}
