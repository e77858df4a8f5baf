import { Module } from '@nestjs/common';
import { ChangeRequestCommentsController } from './change-request-comments.controller';
import { SpaceCommentsController } from './space-comments.controller';

/** Routes of the collaboration context. */
@Module({ controllers: [SpaceCommentsController, ChangeRequestCommentsController] })
export class CollaborationRoutesModule {}
