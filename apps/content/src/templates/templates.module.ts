import { Module } from '@nestjs/common';
import { ChangeRequestsRepository } from '../store/change-requests.repository';
import { RevisionsModule } from '../store/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { TemplatesHandler } from './templates.handler';
import { TemplatesService } from './templates.service';

/** Built-in space templates. */
@Module({
  imports: [RevisionsModule, SpacesModule],
  controllers: [TemplatesHandler],
  providers: [TemplatesService, ChangeRequestsRepository],
})
export class TemplatesModule {}
