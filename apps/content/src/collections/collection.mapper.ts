import { type Collection, type MemberRole, roleAtLeast } from '@bindery/contracts';
import type { CollectionEntity } from './collection.entity';

/** Wire shape of a collection as seen by a caller with `role` (their level on it, `contentLevel`). */
export function toCollection(collection: CollectionEntity, role: MemberRole | null, baseUrl: string): Collection {
  const admin = roleAtLeast(role, 'create');
  const out: Collection = {
    object: 'collection',
    id: collection.id,
    title: collection.title,
    organization: collection.organizationId,
    defaultLevel: collection.defaultLevel,
    urls: { location: `${baseUrl}/v1/collections/${collection.id}`, app: `${baseUrl}/c/${collection.id}` },
    permissions: { view: role !== null, admin, viewInviteLinks: admin, create: admin },
  };
  if (collection.description) out.description = collection.description;
  if (collection.parentId) out.parent = collection.parentId;
  return out;
}
