import { Module } from '@nestjs/common';
import { GitSyncController } from './git-sync.controller';

/** Routes of the git-sync context. */
@Module({ controllers: [GitSyncController] })
export class GitSyncRoutesModule {}
