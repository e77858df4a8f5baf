import type { FactoryProvider, InjectionToken } from '@nestjs/common';
import { MembershipFeed } from '../access/membership-feed';
import { OrganizationAccessClient } from '../access/organization-access-client';
import type { ServiceClient } from './service-client';

/**
 * Provides `OrganizationAccessClient` over the module's client for identity (`identityClient`: the
 * token of a `ServiceClient`). Inject it wherever a handler reads or changes an organization's own
 * resources (sites, specs, conversations, translations). In a service started by `startService`,
 * every client shares the service's `MembershipFeed` cache; elsewhere (workers, tests) there is
 * none, and every request asks identity.
 */
export const organizationAccessClientProvider = (identityClient: InjectionToken): FactoryProvider<OrganizationAccessClient> => ({
  provide: OrganizationAccessClient,
  inject: [identityClient, { token: MembershipFeed, optional: true }],
  useFactory: (client: ServiceClient, feed?: MembershipFeed) => new OrganizationAccessClient(client, { cache: feed?.use() }),
});
