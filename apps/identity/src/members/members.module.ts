import { Module } from '@nestjs/common';
import { VisitorClaimsHandler } from '../visitor-claims/visitor-claims.handler';
import { VisitorClaimsKeysRepository } from '../visitor-claims/visitor-claims-keys.repository';
import { VisitorClaimsService } from '../visitor-claims/visitor-claims.service';
import { MembersHandler } from './members.handler';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';
import { MembershipAnnouncer } from './membership-announcer';
import { MembershipsHandler } from './memberships.handler';
import { MembershipsRepository } from './memberships.repository';
import { MembershipsService } from './memberships.service';

@Module({
  controllers: [MembershipsHandler, MembersHandler, VisitorClaimsHandler],
  providers: [
    MembershipsService,
    MembershipsRepository,
    MembersService,
    MembersRepository,
    MembershipAnnouncer,
    VisitorClaimsService,
    VisitorClaimsKeysRepository,
  ],
  exports: [MembershipsService, MembersRepository],
})
export class MembersModule {}
