import { Module } from '@nestjs/common';
import { RevisionsModule } from '../store/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { ImportsHandler } from './imports.handler';
import { ImportsService } from './imports.service';

/** Git sync's whole-tree imports and export reads (file storage comes from the global FilesModule). */
@Module({
  imports: [RevisionsModule, SpacesModule],
  controllers: [ImportsHandler],
  providers: [ImportsService],
})
export class ImportsModule {}
