import type { RequestContext, SiteSection, SiteSectionGroup, SiteSortInput, SiteSpace, SiteStructurePointer } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { SectionGroupsService } from './section-groups.service';
import { SectionsService } from './sections.service';
import { SiteSpacesService } from './site-spaces.service';

/**
 * `sortSiteStructure`: one operation for every kind of structure item (it replaces the deprecated
 * move of site spaces). A site space moves among the site spaces of its section; a section or a
 * group moves before or after any section or group, into that item's group.
 */
@Injectable()
export class SortService {
  constructor(
    private readonly siteSpaces: SiteSpacesService,
    private readonly sections: SectionsService,
    private readonly groups: SectionGroupsService,
  ) {}

  async sort(ctx: RequestContext, input: SiteSortInput): Promise<SiteSpace | SiteSection | SiteSectionGroup> {
    const ref = { organizationId: input.organizationId, siteId: input.siteId };
    const pointer = input.position.before ?? input.position.after;
    const side = input.position.before ? 'before' : 'after';
    const position = pointer ? { [side]: pointer.id } : undefined;
    const check = (allowed: Array<SiteStructurePointer['type']>): void => {
      if (pointer && !allowed.includes(pointer.type))
        throw badRequest(`position.${side}.type: a ${input.item.type} cannot be placed next to a ${pointer.type}`);
    };
    switch (input.item.type) {
      case 'site-space':
        check(['site-space']);
        return this.siteSpaces.move(ctx, { ...ref, siteSpaceId: input.item.id, position });
      case 'site-section':
        check(['site-section', 'site-section-group']);
        return this.sections.move(ctx, { ...ref, siteSectionId: input.item.id, position });
      case 'site-section-group':
        check(['site-section', 'site-section-group']);
        return this.groups.move(ctx, { ...ref, siteSectionGroupId: input.item.id, position });
    }
  }
}
