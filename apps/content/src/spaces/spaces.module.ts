import { Module } from '@nestjs/common';
import { PurgeScheduler } from './purge.scheduler';
import { SpaceAccess } from './space-access';
import { SpacesHandler } from './spaces.handler';
import { SpacesRepository } from './spaces.repository';
import { SpacesService } from './spaces.service';
import { RevisionsModule } from '../revisions/revisions.module';

@Module({
  imports: [RevisionsModule],
  controllers: [SpacesHandler],
  providers: [SpacesService, SpacesRepository, SpaceAccess, PurgeScheduler],
  exports: [SpaceAccess, SpacesRepository],
})
export class SpacesModule {}
