/** Member roles, from most to least powerful. `null` (guest) is allowed where the spec says so. */
export const MEMBER_ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

const RANK: Record<MemberRole, number> = { admin: 6, create: 5, review: 4, edit: 3, comment: 2, read: 1 };

/** True when `role` grants at least what `minimum` grants; guests (null) hold no role. */
export function roleAtLeast(role: MemberRole | null | undefined, minimum: MemberRole): boolean {
  return role != null && RANK[role] >= RANK[minimum];
}

export const isMemberRole = (value: unknown): value is MemberRole =>
  typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);
