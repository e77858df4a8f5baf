import { Module } from '@nestjs/common';
import { TeamMembersHandler } from './team-members.handler';
import { TeamMembersRepository } from './team-members.repository';
import { TeamMembersService } from './team-members.service';
import { TeamsHandler } from './teams.handler';
import { TeamsRepository } from './teams.repository';
import { TeamsService } from './teams.service';

@Module({
  controllers: [TeamsHandler, TeamMembersHandler],
  providers: [TeamsService, TeamsRepository, TeamMembersService, TeamMembersRepository],
  exports: [TeamsService, TeamsRepository],
})
export class TeamsModule {}
