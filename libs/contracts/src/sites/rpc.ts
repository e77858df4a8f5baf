import type { List } from '../pagination';
import type { NoResult } from '../context';
import type { AdaptiveSchemaPutInput, AdaptiveTemplateConditions, SiteAdaptiveSchema } from './adaptive';
import type { PublishedLookupInput, PublishedSite, PublishedSiteResult, SitePublishedInput } from './published';
import type { SitesSubjects } from './subjects';
import type {
  Site,
  SiteCreateInput,
  SiteExistsInput,
  SiteExistsResult,
  SiteListInput,
  SiteRef,
  SiteSortInput,
  SiteUpdateInput,
} from './sites';
import type {
  SectionAddInput,
  SectionGroupAddInput,
  SectionGroupListInput,
  SectionGroupMoveInput,
  SectionGroupRef,
  SectionGroupSectionInput,
  SectionGroupUpdateInput,
  SectionListInput,
  SectionMoveInput,
  SectionRef,
  SectionUpdateInput,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  SiteSpaceAddInput,
  SiteSpaceListInput,
  SiteSpaceMoveInput,
  SiteSpaceRef,
  SiteSpaceUpdateInput,
} from './structure';

/** Sites, site spaces, sections and section groups: their subjects with input and result. */
export interface SiteStructureRpc {
  [SitesSubjects.siteList]: { input: SiteListInput; result: List<Site> };
  [SitesSubjects.siteCreate]: { input: SiteCreateInput; result: Site };
  [SitesSubjects.siteGet]: { input: SiteRef; result: Site };
  [SitesSubjects.siteUpdate]: { input: SiteUpdateInput; result: Site };
  [SitesSubjects.siteDelete]: { input: SiteRef; result: NoResult };
  [SitesSubjects.sitePublish]: { input: SiteRef; result: Site };
  [SitesSubjects.siteUnpublish]: { input: SiteRef; result: Site };
  [SitesSubjects.siteSort]: { input: SiteSortInput; result: SiteSpace | SiteSection | SiteSectionGroup };
  [SitesSubjects.sitePublished]: { input: SitePublishedInput; result: PublishedSite };
  [SitesSubjects.publishedLookup]: { input: PublishedLookupInput; result: PublishedSiteResult };
  [SitesSubjects.siteExists]: { input: SiteExistsInput; result: SiteExistsResult };
  [SitesSubjects.adaptiveSchemaGet]: { input: SiteRef; result: SiteAdaptiveSchema };
  [SitesSubjects.adaptiveSchemaPut]: { input: AdaptiveSchemaPutInput; result: SiteAdaptiveSchema };
  [SitesSubjects.adaptiveTemplateConditions]: { input: SiteRef; result: AdaptiveTemplateConditions };
  [SitesSubjects.siteSpaceList]: { input: SiteSpaceListInput; result: List<SiteSpace> };
  [SitesSubjects.siteSpaceAdd]: { input: SiteSpaceAddInput; result: SiteSpace };
  [SitesSubjects.siteSpaceUpdate]: { input: SiteSpaceUpdateInput; result: SiteSpace };
  [SitesSubjects.siteSpaceDelete]: { input: SiteSpaceRef; result: NoResult };
  [SitesSubjects.siteSpaceMove]: { input: SiteSpaceMoveInput; result: SiteSpace };
  [SitesSubjects.sectionList]: { input: SectionListInput; result: List<SiteSection> };
  [SitesSubjects.sectionAdd]: { input: SectionAddInput; result: SiteSection };
  [SitesSubjects.sectionUpdate]: { input: SectionUpdateInput; result: SiteSection };
  [SitesSubjects.sectionDelete]: { input: SectionRef; result: NoResult };
  [SitesSubjects.sectionMove]: { input: SectionMoveInput; result: SiteSection };
  [SitesSubjects.sectionGroupList]: { input: SectionGroupListInput; result: List<SiteSectionGroup> };
  [SitesSubjects.sectionGroupAdd]: { input: SectionGroupAddInput; result: SiteSectionGroup };
  [SitesSubjects.sectionGroupUpdate]: { input: SectionGroupUpdateInput; result: SiteSectionGroup };
  [SitesSubjects.sectionGroupDelete]: { input: SectionGroupRef; result: NoResult };
  [SitesSubjects.sectionGroupMove]: { input: SectionGroupMoveInput; result: SiteSectionGroup };
  [SitesSubjects.sectionGroupAddSection]: { input: SectionGroupSectionInput; result: SiteSectionGroup };
  [SitesSubjects.sectionGroupRemoveSection]: { input: SectionGroupSectionInput; result: NoResult };
}
