import type { List } from '../pagination';
import type { NoResult } from '../context';
import type { AdaptiveSchemaPutInput, AdaptiveTemplateConditions, SiteAdaptiveSchema } from './adaptive';
import type { PublishedLookupInput, PublishedSite, PublishedSiteResult, SitePublishedInput } from './published';
import type { SiteSubjects } from './site-subjects';
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

/** Every subject of `SiteSubjects` with its input and result. */
export interface SiteStructureRpc {
  [SiteSubjects.siteList]: { input: SiteListInput; result: List<Site> };
  [SiteSubjects.siteCreate]: { input: SiteCreateInput; result: Site };
  [SiteSubjects.siteGet]: { input: SiteRef; result: Site };
  [SiteSubjects.siteUpdate]: { input: SiteUpdateInput; result: Site };
  [SiteSubjects.siteDelete]: { input: SiteRef; result: NoResult };
  [SiteSubjects.sitePublish]: { input: SiteRef; result: Site };
  [SiteSubjects.siteUnpublish]: { input: SiteRef; result: Site };
  [SiteSubjects.siteSort]: { input: SiteSortInput; result: SiteSpace | SiteSection | SiteSectionGroup };
  [SiteSubjects.sitePublished]: { input: SitePublishedInput; result: PublishedSite };
  [SiteSubjects.publishedLookup]: { input: PublishedLookupInput; result: PublishedSiteResult };
  [SiteSubjects.siteExists]: { input: SiteExistsInput; result: SiteExistsResult };
  [SiteSubjects.adaptiveSchemaGet]: { input: SiteRef; result: SiteAdaptiveSchema };
  [SiteSubjects.adaptiveSchemaPut]: { input: AdaptiveSchemaPutInput; result: SiteAdaptiveSchema };
  [SiteSubjects.adaptiveTemplateConditions]: { input: SiteRef; result: AdaptiveTemplateConditions };
  [SiteSubjects.siteSpaceList]: { input: SiteSpaceListInput; result: List<SiteSpace> };
  [SiteSubjects.siteSpaceAdd]: { input: SiteSpaceAddInput; result: SiteSpace };
  [SiteSubjects.siteSpaceUpdate]: { input: SiteSpaceUpdateInput; result: SiteSpace };
  [SiteSubjects.siteSpaceDelete]: { input: SiteSpaceRef; result: NoResult };
  [SiteSubjects.siteSpaceMove]: { input: SiteSpaceMoveInput; result: SiteSpace };
  [SiteSubjects.sectionList]: { input: SectionListInput; result: List<SiteSection> };
  [SiteSubjects.sectionAdd]: { input: SectionAddInput; result: SiteSection };
  [SiteSubjects.sectionUpdate]: { input: SectionUpdateInput; result: SiteSection };
  [SiteSubjects.sectionDelete]: { input: SectionRef; result: NoResult };
  [SiteSubjects.sectionMove]: { input: SectionMoveInput; result: SiteSection };
  [SiteSubjects.sectionGroupList]: { input: SectionGroupListInput; result: List<SiteSectionGroup> };
  [SiteSubjects.sectionGroupAdd]: { input: SectionGroupAddInput; result: SiteSectionGroup };
  [SiteSubjects.sectionGroupUpdate]: { input: SectionGroupUpdateInput; result: SiteSectionGroup };
  [SiteSubjects.sectionGroupDelete]: { input: SectionGroupRef; result: NoResult };
  [SiteSubjects.sectionGroupMove]: { input: SectionGroupMoveInput; result: SiteSectionGroup };
  [SiteSubjects.sectionGroupAddSection]: { input: SectionGroupSectionInput; result: SiteSectionGroup };
  [SiteSubjects.sectionGroupRemoveSection]: { input: SectionGroupSectionInput; result: NoResult };
}
