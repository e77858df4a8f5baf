import type { SiteRef } from './sites';
import type { SiteSpaceRef } from './structure';
import type { SitesSubjects } from './subjects';

/**
 * Wire shape of `SiteCustomizationSettings`: the official document's object (styling, header,
 * footer, favicon, themes, …), validated by sites against that document, plus `updatedAt` once set.
 */
export type SiteCustomizationSettings = Record<string, unknown> & { updatedAt?: string };

/** `updateSiteCustomizationById` (PUT): the whole `SiteCustomizationSettingsInput`. */
export interface SiteCustomizationPutInput extends SiteRef {
  settings: unknown;
}

/**
 * `overrideSiteSpaceCustomizationById` (PATCH): an absent field is unchanged, null resets the
 * override (the site's value shows again).
 */
export interface SiteSpaceCustomizationPatchInput extends SiteSpaceRef {
  overrides: unknown;
}

/** `deleteSiteSpaceCustomizationById`: whether there were overrides to remove (205) or not (204). */
export interface SiteSpaceCustomizationDeleted {
  removed: boolean;
}

export interface CustomizationRpc {
  [SitesSubjects.customizationGet]: { input: SiteRef; result: SiteCustomizationSettings };
  [SitesSubjects.customizationPut]: { input: SiteCustomizationPutInput; result: SiteCustomizationSettings };
  [SitesSubjects.siteSpaceCustomizationGet]: { input: SiteSpaceRef; result: SiteCustomizationSettings };
  [SitesSubjects.siteSpaceCustomizationPatch]: { input: SiteSpaceCustomizationPatchInput; result: SiteCustomizationSettings };
  [SitesSubjects.siteSpaceCustomizationDelete]: { input: SiteSpaceRef; result: SiteSpaceCustomizationDeleted };
}
