import { type NoResult, type RpcEnvelope, type RpcResult, SitesSubjects } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SectionGroupsService } from './section-groups.service';
import { SectionsService } from './sections.service';
import { SiteSpacesService } from './site-spaces.service';

type S = typeof SitesSubjects;

/** Site spaces, sections and section groups: unpack the envelope, call the service. */
@Controller()
export class StructureHandler {
  constructor(
    private readonly siteSpaces: SiteSpacesService,
    private readonly sections: SectionsService,
    private readonly groups: SectionGroupsService,
  ) {}

  @MessagePattern(SitesSubjects.siteSpaceList)
  listSiteSpaces(@Payload() { ctx, data }: RpcEnvelope<S['siteSpaceList']>): Promise<RpcResult<S['siteSpaceList']>> {
    return this.siteSpaces.list(ctx, data);
  }

  @MessagePattern(SitesSubjects.siteSpaceAdd)
  addSiteSpace(@Payload() { ctx, data }: RpcEnvelope<S['siteSpaceAdd']>): Promise<RpcResult<S['siteSpaceAdd']>> {
    return this.siteSpaces.add(ctx, data);
  }

  @MessagePattern(SitesSubjects.siteSpaceUpdate)
  updateSiteSpace(@Payload() { ctx, data }: RpcEnvelope<S['siteSpaceUpdate']>): Promise<RpcResult<S['siteSpaceUpdate']>> {
    return this.siteSpaces.update(ctx, data);
  }

  @MessagePattern(SitesSubjects.siteSpaceDelete)
  async deleteSiteSpace(@Payload() { ctx, data }: RpcEnvelope<S['siteSpaceDelete']>): Promise<NoResult> {
    await this.siteSpaces.delete(ctx, data);
    return {};
  }

  @MessagePattern(SitesSubjects.siteSpaceMove)
  moveSiteSpace(@Payload() { ctx, data }: RpcEnvelope<S['siteSpaceMove']>): Promise<RpcResult<S['siteSpaceMove']>> {
    return this.siteSpaces.move(ctx, data);
  }

  @MessagePattern(SitesSubjects.sectionList)
  listSections(@Payload() { ctx, data }: RpcEnvelope<S['sectionList']>): Promise<RpcResult<S['sectionList']>> {
    return this.sections.list(ctx, data);
  }

  @MessagePattern(SitesSubjects.sectionAdd)
  addSection(@Payload() { ctx, data }: RpcEnvelope<S['sectionAdd']>): Promise<RpcResult<S['sectionAdd']>> {
    return this.sections.add(ctx, data);
  }

  @MessagePattern(SitesSubjects.sectionUpdate)
  updateSection(@Payload() { ctx, data }: RpcEnvelope<S['sectionUpdate']>): Promise<RpcResult<S['sectionUpdate']>> {
    return this.sections.update(ctx, data);
  }

  @MessagePattern(SitesSubjects.sectionDelete)
  async deleteSection(@Payload() { ctx, data }: RpcEnvelope<S['sectionDelete']>): Promise<NoResult> {
    await this.sections.delete(ctx, data);
    return {};
  }

  @MessagePattern(SitesSubjects.sectionMove)
  moveSection(@Payload() { ctx, data }: RpcEnvelope<S['sectionMove']>): Promise<RpcResult<S['sectionMove']>> {
    return this.sections.move(ctx, data);
  }

  @MessagePattern(SitesSubjects.sectionGroupList)
  listGroups(@Payload() { ctx, data }: RpcEnvelope<S['sectionGroupList']>): Promise<RpcResult<S['sectionGroupList']>> {
    return this.groups.list(ctx, data);
  }

  @MessagePattern(SitesSubjects.sectionGroupAdd)
  addGroup(@Payload() { ctx, data }: RpcEnvelope<S['sectionGroupAdd']>): Promise<RpcResult<S['sectionGroupAdd']>> {
    return this.groups.add(ctx, data);
  }

  @MessagePattern(SitesSubjects.sectionGroupUpdate)
  updateGroup(@Payload() { ctx, data }: RpcEnvelope<S['sectionGroupUpdate']>): Promise<RpcResult<S['sectionGroupUpdate']>> {
    return this.groups.update(ctx, data);
  }

  @MessagePattern(SitesSubjects.sectionGroupDelete)
  async deleteGroup(@Payload() { ctx, data }: RpcEnvelope<S['sectionGroupDelete']>): Promise<NoResult> {
    await this.groups.delete(ctx, data);
    return {};
  }

  @MessagePattern(SitesSubjects.sectionGroupMove)
  moveGroup(@Payload() { ctx, data }: RpcEnvelope<S['sectionGroupMove']>): Promise<RpcResult<S['sectionGroupMove']>> {
    return this.groups.move(ctx, data);
  }

  @MessagePattern(SitesSubjects.sectionGroupAddSection)
  addSectionToGroup(@Payload() { ctx, data }: RpcEnvelope<S['sectionGroupAddSection']>): Promise<RpcResult<S['sectionGroupAddSection']>> {
    return this.groups.addSection(ctx, data);
  }

  @MessagePattern(SitesSubjects.sectionGroupRemoveSection)
  async removeSectionFromGroup(@Payload() { ctx, data }: RpcEnvelope<S['sectionGroupRemoveSection']>): Promise<NoResult> {
    await this.groups.removeSection(ctx, data);
    return {};
  }
}
