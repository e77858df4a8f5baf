import { Module } from '@nestjs/common';
import { MembershipsHandler } from './memberships.handler';
import { MembershipsRepository } from './memberships.repository';
import { MembershipsService } from './memberships.service';

@Module({ controllers: [MembershipsHandler], providers: [MembershipsService, MembershipsRepository], exports: [MembershipsService] })
export class MembersModule {}
