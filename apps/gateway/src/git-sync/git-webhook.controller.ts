import { GitSyncSubjects, type GitWebhookResult, type RequestContext } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Delete, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { Public } from '../common/public.decorator';
import { Ctx } from '../common/request-context.decorator';
import { GitSpaceParams as SpaceParams } from './dto/git-sync.params';
import { GitWebhookSecretRequest } from './dto/git-webhook.request';
import type { WithRawBody } from './webhook-body';
import { Relayed } from '../common/relayed.decorator';

/** The delivery headers git sync looks at; nothing else is forwarded. */
const FORWARDED = ['x-hub-signature-256', 'x-github-event', 'x-gitlab-token', 'x-gitlab-event'];

/**
 * Bindery's push webhook (not in the GitBook API): `PUT …/git/webhook` sets or rotates the secret
 * (space admins), `DELETE` removes it, and GitHub or GitLab `POST` deliveries to it, signed with
 * the secret, schedule an import of the synced branch.
 */
@Controller('v1/spaces/:spaceId/git/webhook')
export class GitWebhookController {
  constructor(private readonly services: ServiceClient) {}

  @Put()
  @Relayed()
  setSecret(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Body() body: GitWebhookSecretRequest) {
    return this.services.relay(GitSyncSubjects.webhookSet, ctx, { ...body, spaceId: params.spaceId });
  }

  @Delete()
  @HttpCode(204)
  async remove(@Ctx() ctx: RequestContext, @Param() params: SpaceParams): Promise<void> {
    await this.services.send(GitSyncSubjects.webhookDelete, ctx, params);
  }

  /** Public: the signature (GitHub) or token (GitLab) is checked by git sync against the space's secret. */
  @Public()
  @Post()
  @Relayed()
  @HttpCode(202)
  receive(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Req() request: WithRawBody): Promise<JsonBytes<GitWebhookResult>> {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return this.services.relay(GitSyncSubjects.webhookReceive, ctx, {
      spaceId: params.spaceId,
      headers,
      bodyBase64: (request.rawBody ?? Buffer.alloc(0)).toString('base64'),
    });
  }
}
