import type { ChangeRequest } from '@bindery/contracts';
import { type ChangeRequestEntity, mergeBaseOf } from '../store/change-request.entity';

/**
 * Wire shape of a change request. `outdated` is true exactly when the space's revision has moved
 * past the revision the change request is based on.
 */
export function toChangeRequest(cr: ChangeRequestEntity, spaceRevision: string, baseUrl: string): ChangeRequest {
  const out: ChangeRequest = {
    object: 'change-request',
    id: cr.id,
    number: cr.number,
    status: cr.status,
    subject: cr.subject,
    createdBy: cr.createdBy,
    createdAt: cr.createdAt.toISOString(),
    updatedAt: cr.updatedAt.toISOString(),
    space: cr.spaceId,
    revision: cr.revisionId,
    revisionInitial: cr.revisionInitial,
    comments: cr.comments ?? 0,
    outdated: cr.status !== 'merged' && mergeBaseOf(cr) !== spaceRevision,
    urls: {
      app: `${baseUrl}/s/${cr.spaceId}/~/changes/${cr.number}`,
      location: `${baseUrl}/v1/spaces/${cr.spaceId}/change-requests/${cr.id}`,
    },
  };
  if (cr.description) out.description = cr.description;
  if (cr.revisionMergedAncestor) out.revisionMergedAncestor = cr.revisionMergedAncestor;
  if (cr.revisionMerged) out.revisionMerged = cr.revisionMerged;
  if (cr.mergedBy) out.mergedBy = cr.mergedBy;
  if (cr.mergedAt) out.mergedAt = cr.mergedAt.toISOString();
  return out;
}
