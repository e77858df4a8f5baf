import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CustomizationController } from './customization.controller';
import { FeedbackController } from './feedback.controller';
import { PublishingAuthController } from './publishing-auth.controller';
import { SitesController } from './sites.controller';
import { SectionGroupsController, SectionsController, SiteSpacesController } from './structure.controller';

/** Routes of the sites context: sites, site spaces, sections, section groups, published structure. */
@Module({
  imports: [AuthModule],
  controllers: [
    SitesController,
    SiteSpacesController,
    SectionsController,
    SectionGroupsController,
    PublishingAuthController,
    CustomizationController,
    FeedbackController,
  ],
})
export class SitesRoutesModule {}
