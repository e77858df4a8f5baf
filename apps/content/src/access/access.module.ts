import { organizationAccessClientProvider, ServiceClient } from '@bindery/platform/nest';
import { Global, Module } from '@nestjs/common';
import { IdentityLookups } from './identity-lookups';

/** Requests to identity (standings through the platform's `OrganizationAccessClient`, the current user) over the app's `ServiceClient`. */
@Global()
@Module({
  providers: [IdentityLookups, organizationAccessClientProvider(ServiceClient)],
  exports: [IdentityLookups, organizationAccessClientProvider(ServiceClient).provide],
})
export class AccessModule {}
