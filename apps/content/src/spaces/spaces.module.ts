import { Module } from '@nestjs/common';
import { PurgeScheduler } from './purge.scheduler';
import { SpaceCountsHandler } from './space-counts.handler';
import { SpaceCountsService } from './space-counts.service';
import { SpacesHandler } from './spaces.handler';
import { SpacesService } from './spaces.service';
import { StoreModule } from '../store/store.module';

/** Spaces, their counts and their purge. Re-exports the store, whose space access the features use. */
@Module({
  imports: [StoreModule],
  controllers: [SpacesHandler, SpaceCountsHandler],
  providers: [SpacesService, SpaceCountsService, PurgeScheduler],
  exports: [StoreModule],
})
export class SpacesModule {}
