import { Global, Module } from '@nestjs/common';
import { OrganizationAccess } from './organization-access.service';

/** One place that authorises every identity call; global because every feature module needs it. */
@Global()
@Module({ providers: [OrganizationAccess], exports: [OrganizationAccess] })
export class PermissionsModule {}
