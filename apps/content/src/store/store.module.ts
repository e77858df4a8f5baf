import { Module } from '@nestjs/common';
import { ChangeRequestsRepository } from './change-requests.repository';
import { ContentReader } from './content-reader';
import { RevisionsModule } from './revisions.module';
import { SpaceAccess } from './space-access';
import { SpacesRepository } from './spaces.repository';

/**
 * The store as the features see it: the versioned model, spaces and their access, change requests,
 * and the resolution of "the content" of a space or change request. Features import this module
 * (directly or through the spaces and change-requests modules, which re-export it), never each other
 * for these providers, so the feature folders stay free of cycles.
 */
@Module({
  imports: [RevisionsModule],
  providers: [SpacesRepository, SpaceAccess, ChangeRequestsRepository, ContentReader],
  exports: [RevisionsModule, SpacesRepository, SpaceAccess, ChangeRequestsRepository, ContentReader],
})
export class StoreModule {}
