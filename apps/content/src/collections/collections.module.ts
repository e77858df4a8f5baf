import { Module } from '@nestjs/common';
import { SpacesModule } from '../spaces/spaces.module';
import { CollectionsHandler } from './collections.handler';
import { CollectionsRepository } from './collections.repository';
import { CollectionsService } from './collections.service';

/** Collections, and moving spaces between them. */
@Module({
  imports: [SpacesModule],
  controllers: [CollectionsHandler],
  providers: [CollectionsService, CollectionsRepository],
})
export class CollectionsModule {}
