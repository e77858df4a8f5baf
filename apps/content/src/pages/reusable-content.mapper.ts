import type { RevisionReusableContent } from '@bindery/contracts';
import type { StoredReusableContent } from '../model/reusable-contents';

/** Official `RevisionReusableContent`: the body's id is its content hash, absent when it is empty. */
export function toWireReusableContent(stored: StoredReusableContent): RevisionReusableContent {
  return { id: stored.id, title: stored.title, ...(stored.document ? { document: stored.document } : {}) };
}
