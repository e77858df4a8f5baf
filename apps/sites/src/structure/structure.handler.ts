import { type RpcEnvelope, type RpcResult, SitesSubjects } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SectionGroupsService } from './section-groups.service';
import { SectionsService } from './sections.service';
import { SiteSpacesService } from './site-spaces.service';

const S = SitesSubjects;

/** Site spaces, sections and section groups: unpack the envelope, call the service. */
@Controller()
export class StructureHandler {
  constructor(
    private readonly siteSpaces: SiteSpacesService,
    private readonly sections: SectionsService,
    private readonly groups: SectionGroupsService,
  ) {}

  @MessagePattern(S.siteSpaceList)
  listSiteSpaces(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteSpaceList>): Promise<RpcResult<typeof S.siteSpaceList>> {
    return this.siteSpaces.list(ctx, data);
  }

  @MessagePattern(S.siteSpaceAdd)
  addSiteSpace(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteSpaceAdd>): Promise<RpcResult<typeof S.siteSpaceAdd>> {
    return this.siteSpaces.add(ctx, data);
  }

  @MessagePattern(S.siteSpaceUpdate)
  updateSiteSpace(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteSpaceUpdate>): Promise<RpcResult<typeof S.siteSpaceUpdate>> {
    return this.siteSpaces.update(ctx, data);
  }

  @MessagePattern(S.siteSpaceDelete)
  async deleteSiteSpace(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteSpaceDelete>): Promise<RpcResult<typeof S.siteSpaceDelete>> {
    await this.siteSpaces.delete(ctx, data);
    return {};
  }

  @MessagePattern(S.siteSpaceMove)
  moveSiteSpace(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteSpaceMove>): Promise<RpcResult<typeof S.siteSpaceMove>> {
    return this.siteSpaces.move(ctx, data);
  }

  @MessagePattern(S.sectionList)
  listSections(@Payload() { ctx, data }: RpcEnvelope<typeof S.sectionList>): Promise<RpcResult<typeof S.sectionList>> {
    return this.sections.list(ctx, data);
  }

  @MessagePattern(S.sectionAdd)
  addSection(@Payload() { ctx, data }: RpcEnvelope<typeof S.sectionAdd>): Promise<RpcResult<typeof S.sectionAdd>> {
    return this.sections.add(ctx, data);
  }

  @MessagePattern(S.sectionUpdate)
  updateSection(@Payload() { ctx, data }: RpcEnvelope<typeof S.sectionUpdate>): Promise<RpcResult<typeof S.sectionUpdate>> {
    return this.sections.update(ctx, data);
  }

  @MessagePattern(S.sectionDelete)
  async deleteSection(@Payload() { ctx, data }: RpcEnvelope<typeof S.sectionDelete>): Promise<RpcResult<typeof S.sectionDelete>> {
    await this.sections.delete(ctx, data);
    return {};
  }

  @MessagePattern(S.sectionMove)
  moveSection(@Payload() { ctx, data }: RpcEnvelope<typeof S.sectionMove>): Promise<RpcResult<typeof S.sectionMove>> {
    return this.sections.move(ctx, data);
  }

  @MessagePattern(S.sectionGroupList)
  listGroups(@Payload() { ctx, data }: RpcEnvelope<typeof S.sectionGroupList>): Promise<RpcResult<typeof S.sectionGroupList>> {
    return this.groups.list(ctx, data);
  }

  @MessagePattern(S.sectionGroupAdd)
  addGroup(@Payload() { ctx, data }: RpcEnvelope<typeof S.sectionGroupAdd>): Promise<RpcResult<typeof S.sectionGroupAdd>> {
    return this.groups.add(ctx, data);
  }

  @MessagePattern(S.sectionGroupUpdate)
  updateGroup(@Payload() { ctx, data }: RpcEnvelope<typeof S.sectionGroupUpdate>): Promise<RpcResult<typeof S.sectionGroupUpdate>> {
    return this.groups.update(ctx, data);
  }

  @MessagePattern(S.sectionGroupDelete)
  async deleteGroup(@Payload() { ctx, data }: RpcEnvelope<typeof S.sectionGroupDelete>): Promise<RpcResult<typeof S.sectionGroupDelete>> {
    await this.groups.delete(ctx, data);
    return {};
  }

  @MessagePattern(S.sectionGroupMove)
  moveGroup(@Payload() { ctx, data }: RpcEnvelope<typeof S.sectionGroupMove>): Promise<RpcResult<typeof S.sectionGroupMove>> {
    return this.groups.move(ctx, data);
  }

  @MessagePattern(S.sectionGroupAddSection)
  addSectionToGroup(
    @Payload() { ctx, data }: RpcEnvelope<typeof S.sectionGroupAddSection>,
  ): Promise<RpcResult<typeof S.sectionGroupAddSection>> {
    return this.groups.addSection(ctx, data);
  }

  @MessagePattern(S.sectionGroupRemoveSection)
  async removeSectionFromGroup(
    @Payload() { ctx, data }: RpcEnvelope<typeof S.sectionGroupRemoveSection>,
  ): Promise<RpcResult<typeof S.sectionGroupRemoveSection>> {
    await this.groups.removeSection(ctx, data);
    return {};
  }
}
