import { GitSyncSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GitWebhookService } from '../webhook/webhook.service';
import { GitSyncService } from './git-sync.service';

@Controller()
export class GitSyncHandler {
  constructor(
    private readonly sync: GitSyncService,
    private readonly webhooks: GitWebhookService,
  ) {}

  @MessagePattern(GitSyncSubjects.importStart)
  async import(
    @Payload() { ctx, data }: RpcEnvelope<typeof GitSyncSubjects.importStart>,
  ): Promise<RpcResult<typeof GitSyncSubjects.importStart>> {
    await this.sync.startImport(ctx, data);
    return {};
  }

  @MessagePattern(GitSyncSubjects.exportStart)
  async export(
    @Payload() { ctx, data }: RpcEnvelope<typeof GitSyncSubjects.exportStart>,
  ): Promise<RpcResult<typeof GitSyncSubjects.exportStart>> {
    await this.sync.startExport(ctx, data);
    return {};
  }

  @MessagePattern(GitSyncSubjects.infoGet)
  info(@Payload() { ctx, data }: RpcEnvelope<typeof GitSyncSubjects.infoGet>): Promise<RpcResult<typeof GitSyncSubjects.infoGet>> {
    return this.sync.info(ctx, data.spaceId);
  }

  @MessagePattern(GitSyncSubjects.editLinks)
  editLinks(@Payload() { data }: RpcEnvelope<typeof GitSyncSubjects.editLinks>): Promise<RpcResult<typeof GitSyncSubjects.editLinks>> {
    return this.sync.editLinks(data);
  }

  @MessagePattern(GitSyncSubjects.legacyInstallationDelete)
  async deleteLegacy(
    @Payload() { ctx, data }: RpcEnvelope<typeof GitSyncSubjects.legacyInstallationDelete>,
  ): Promise<RpcResult<typeof GitSyncSubjects.legacyInstallationDelete>> {
    await this.sync.deleteLegacyInstallation(ctx, data.spaceId);
    return {};
  }

  @MessagePattern(GitSyncSubjects.webhookSet)
  setWebhook(
    @Payload() { ctx, data }: RpcEnvelope<typeof GitSyncSubjects.webhookSet>,
  ): Promise<RpcResult<typeof GitSyncSubjects.webhookSet>> {
    return this.webhooks.set(ctx, data);
  }

  @MessagePattern(GitSyncSubjects.webhookDelete)
  async deleteWebhook(
    @Payload() { ctx, data }: RpcEnvelope<typeof GitSyncSubjects.webhookDelete>,
  ): Promise<RpcResult<typeof GitSyncSubjects.webhookDelete>> {
    await this.webhooks.remove(ctx, data.spaceId);
    return {};
  }

  @MessagePattern(GitSyncSubjects.webhookReceive)
  receiveWebhook(
    @Payload() { ctx, data }: RpcEnvelope<typeof GitSyncSubjects.webhookReceive>,
  ): Promise<RpcResult<typeof GitSyncSubjects.webhookReceive>> {
    return this.webhooks.receive(ctx, data);
  }
}
