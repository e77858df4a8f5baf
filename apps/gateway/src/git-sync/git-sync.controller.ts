import { GitSyncSubjects, type GitSyncInfo, type RequestContext } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { GitSpaceParams as SpaceParams } from './dto/git-sync.params';
import { GitExportRequest, GitImportRequest } from './dto/git-sync.request';
import { Relayed } from '../common/relayed.decorator';

/** importGitRepository, exportToGitRepository (204: a job is queued), getSpaceGitInfo, and the legacy installation's removal. */
@Controller('v1/spaces/:spaceId/git')
export class GitSyncController {
  constructor(private readonly services: ServiceClient) {}

  @Post('import')
  @HttpCode(204)
  async import(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Body() body: GitImportRequest): Promise<void> {
    await this.services.send(GitSyncSubjects.importStart, ctx, { ...body, spaceId: params.spaceId });
  }

  @Post('export')
  @HttpCode(204)
  async export(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Body() body: GitExportRequest): Promise<void> {
    const { standalone: _standalone, ...input } = body;
    await this.services.send(GitSyncSubjects.exportStart, ctx, { ...input, spaceId: params.spaceId });
  }

  @Get('info')
  @Relayed()
  info(@Ctx() ctx: RequestContext, @Param() params: SpaceParams): Promise<JsonBytes<GitSyncInfo>> {
    return this.services.relay(GitSyncSubjects.infoGet, ctx, params);
  }

  @Delete('legacy-installation')
  @HttpCode(204)
  async deleteLegacy(@Ctx() ctx: RequestContext, @Param() params: SpaceParams): Promise<void> {
    await this.services.send(GitSyncSubjects.legacyInstallationDelete, ctx, params);
  }
}
