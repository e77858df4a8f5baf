import type { OrgUpdateInput } from '@bindery/contracts';
import type { OrganizationEntity } from './organization.entity';

/** Domains are compared case-insensitively and stored once each. */
export function normalizeDomains(domains: string[]): string[] {
  return [...new Set(domains.map((d) => d.trim().toLowerCase()))];
}

/** The domain part of an email address, lower-cased. */
export const emailDomainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The columns a PATCH changes: absent fields stay, null clears the nullable ones (and is ignored for the others). */
export function organizationChanges(input: OrgUpdateInput): Partial<OrganizationEntity> {
  const changes: Partial<OrganizationEntity> = {};
  if (input.title != null) changes.title = input.title.trim();
  if (input.emailDomains != null) changes.emailDomains = normalizeDomains(input.emailDomains);
  if (input.hostname != null) changes.hostname = input.hostname.toLowerCase();
  if (input.defaultRole !== undefined) changes.defaultRole = input.defaultRole;
  if (input.defaultContent !== undefined)
    changes.defaultContent = input.defaultContent && { type: 'site', site: input.defaultContent.site };
  if (input.logo !== undefined) changes.logo = input.logo;
  if (input.sso != null) changes.sso = input.sso;
  if (input.ai != null) changes.ai = input.ai;
  if (input.inviteLinks != null) changes.inviteLinks = input.inviteLinks;
  if (input.mergeRules != null) changes.mergeRules = input.mergeRules;
  return changes;
}
