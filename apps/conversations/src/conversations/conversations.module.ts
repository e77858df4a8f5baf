import { Module } from '@nestjs/common';
import { OrganizationAccess } from '../access/organization-access';
import { ConversationsHandler } from './conversations.handler';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';

@Module({
  controllers: [ConversationsHandler],
  providers: [OrganizationAccess, ConversationsRepository, ConversationsService],
})
export class ConversationsFeatureModule {}
