import { Module } from '@nestjs/common';
import { GitSyncController } from './git-sync.controller';
import { GitWebhookController } from './git-webhook.controller';

/** Routes of the git-sync context (the push webhook's raw body is kept by `keepWebhookRawBodies`, in main.ts). */
@Module({ controllers: [GitSyncController, GitWebhookController] })
export class GitSyncRoutesModule {}
