import { Global, Module } from '@nestjs/common';
import { OrganizationAccess } from './organization-access';

/** Requests to identity (memberships, the current user) over the app's `ServiceClient`. */
@Global()
@Module({ providers: [OrganizationAccess], exports: [OrganizationAccess] })
export class AccessModule {}
