import { Module } from '@nestjs/common';
import { MemberSpacesHandler } from './member-spaces.handler';
import { MemberSpacesService } from './member-spaces.service';

/** Asks content (`ServiceClient`), so only the running service has it (not the CLI). */
@Module({ controllers: [MemberSpacesHandler], providers: [MemberSpacesService] })
export class MemberSpacesModule {}
