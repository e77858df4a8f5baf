import { Global, Module } from '@nestjs/common';
import { OrganizationAccess } from './organization-access.service';
import { RolesRepository } from './roles.repository';

/** One place that authorises every identity call; global because every feature module needs it. */
@Global()
@Module({ providers: [OrganizationAccess, RolesRepository], exports: [OrganizationAccess] })
export class PermissionsModule {}
