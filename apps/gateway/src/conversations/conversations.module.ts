import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ConversationsController } from './conversations.controller';

/** Routes of the conversations context. */
@Module({ imports: [AuthModule], controllers: [ConversationsController] })
export class ConversationsRoutesModule {}
