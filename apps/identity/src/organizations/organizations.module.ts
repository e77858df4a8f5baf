import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { OrganizationsHandler } from './organizations.handler';
import { OrganizationsRepository } from './organizations.repository';
import { OrganizationsService } from './organizations.service';

@Module({
  imports: [MembersModule],
  controllers: [OrganizationsHandler],
  providers: [OrganizationsService, OrganizationsRepository],
  exports: [OrganizationsService],
})
export class OrganizationsModule {}
