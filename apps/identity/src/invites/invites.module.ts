import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { UsersModule } from '../users/users.module';
import { InviteLinksRepository } from './invite-links.repository';
import { InvitesHandler } from './invites.handler';
import { InvitesService } from './invites.service';
import { PendingInvitesRepository } from './pending-invites.repository';

@Module({
  imports: [MembersModule, OrganizationsModule, UsersModule],
  controllers: [InvitesHandler],
  providers: [InvitesService, InviteLinksRepository, PendingInvitesRepository],
})
export class InvitesModule {}
