import type { PublishingAuthBackend, SitePublishingAuthUpdateInput } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { authUrlProblem } from './auth-urls';
import type { PublishingAuthChanges } from './publishing-auth.repository';

const BACKENDS: readonly PublishingAuthBackend[] = ['custom', 'integration'];

/** The columns an update changes (absent: unchanged; null: unset), or a 400 naming the field. */
export function updateChanges(input: SitePublishingAuthUpdateInput): PublishingAuthChanges {
  const changes: PublishingAuthChanges = {};
  if (input.backend !== undefined) {
    if (!BACKENDS.includes(input.backend)) throw badRequest('backend: must be "custom" or "integration"');
    // No integrations run here: only the custom backend (your server signs the tokens) exists.
    if (input.backend === 'integration') throw badRequest('backend: no authenticated access integration is installed on this site');
    changes.backend = input.backend;
  }
  for (const [field, column] of [
    ['fallbackURL', 'fallback_url'],
    ['logoutURL', 'logout_url'],
  ] as const) {
    const value = input[field];
    if (value === undefined) continue;
    const problem = authUrlProblem(field, value);
    if (problem) throw badRequest(problem);
    changes[column] = value;
  }
  return changes;
}
