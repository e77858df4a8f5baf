/** How long a deleted space can be restored before it is purged for good. */
export const DELETED_SPACE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** True once a deleted space is past its retention: it no longer exists for any caller. */
export function isPurgeable(deletedAt: Date | null, now: Date): boolean {
  return deletedAt !== null && now.getTime() - deletedAt.getTime() >= DELETED_SPACE_RETENTION_MS;
}

/** The instant before which deleted spaces are purged. */
export function purgeCutoff(now: Date): Date {
  return new Date(now.getTime() - DELETED_SPACE_RETENTION_MS);
}
