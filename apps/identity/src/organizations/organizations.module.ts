import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { UsersModule } from '../users/users.module';
import { OrganizationsHandler } from './organizations.handler';
import { OrganizationsRepository } from './organizations.repository';
import { OrganizationsService } from './organizations.service';
import { SiteDirectory } from './site-directory';

@Module({
  imports: [MembersModule, UsersModule],
  controllers: [OrganizationsHandler],
  providers: [OrganizationsService, OrganizationsRepository, SiteDirectory],
  exports: [OrganizationsService, OrganizationsRepository],
})
export class OrganizationsModule {}
