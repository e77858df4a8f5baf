import { Module } from '@nestjs/common';
import { PurgeScheduler } from './purge.scheduler';
import { SpaceAccess } from '../store/space-access';
import { SpaceCountsHandler } from './space-counts.handler';
import { SpaceCountsService } from './space-counts.service';
import { SpacesHandler } from './spaces.handler';
import { SpacesRepository } from '../store/spaces.repository';
import { SpacesService } from './spaces.service';
import { RevisionsModule } from '../store/revisions.module';

@Module({
  imports: [RevisionsModule],
  controllers: [SpacesHandler, SpaceCountsHandler],
  providers: [SpacesService, SpaceCountsService, SpacesRepository, SpaceAccess, PurgeScheduler],
  exports: [SpaceAccess, SpacesRepository],
})
export class SpacesModule {}
