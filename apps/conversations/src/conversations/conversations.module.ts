import { Module } from '@nestjs/common';
import { organizationAccessClientProvider, ServiceClient } from '@bindery/platform/nest';
import { ConversationsHandler } from './conversations.handler';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';

@Module({
  controllers: [ConversationsHandler],
  providers: [organizationAccessClientProvider(ServiceClient), ConversationsRepository, ConversationsService],
})
export class ConversationsFeatureModule {}
