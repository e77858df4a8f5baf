import type { FactoryProvider, InjectionToken } from '@nestjs/common';
import { OrganizationAccessClient } from '../access/organization-access-client';
import type { ServiceClient } from './service-client';

/**
 * Provides `OrganizationAccessClient` over the module's client for identity (`identityClient`: the
 * token of a `ServiceClient`). Inject it wherever a handler reads or changes an organization's own
 * resources (sites, specs, conversations, translations).
 */
export const organizationAccessClientProvider = (identityClient: InjectionToken): FactoryProvider<OrganizationAccessClient> => ({
  provide: OrganizationAccessClient,
  inject: [identityClient],
  useFactory: (client: ServiceClient) => new OrganizationAccessClient(client),
});
