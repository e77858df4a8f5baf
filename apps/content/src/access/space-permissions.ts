import { type MemberRole, roleAtLeast, type SpacePermissions } from '@bindery/contracts';

/**
 * What a level on a space (`contentLevel`: the organization role capped by default levels) lets
 * the caller do; null (no level, or viewing through a share link only) allows nothing. `create` and `admin` administrate content
 * (patch, delete, restore, move); `edit` edits through change requests and merges them;
 * `review` reviews; `comment` comments; `read` only reads.
 */
export function spacePermissions(level: MemberRole | null): SpacePermissions {
  const role = level;
  const admin = roleAtLeast(role, 'create');
  const edit = roleAtLeast(role, 'edit');
  return {
    view: role !== null,
    access: role !== null,
    admin,
    viewInviteLinks: admin,
    edit,
    triggerGitSync: edit,
    comment: roleAtLeast(role, 'comment'),
    merge: edit,
    review: roleAtLeast(role, 'review'),
    installIntegration: roleAtLeast(role, 'admin'),
  };
}

export type SpaceAction = 'view' | 'edit' | 'admin';

/** The least role each action needs. */
export const ACTION_ROLE: Record<SpaceAction, MemberRole> = { view: 'read', edit: 'edit', admin: 'create' };
