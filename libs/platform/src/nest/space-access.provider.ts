import type { FactoryProvider, InjectionToken } from '@nestjs/common';
import { SpaceAccessClient } from '../access/space-access-client';
import type { ServiceClient } from './service-client';

/**
 * Provides `SpaceAccessClient` over the module's client for content (`contentClient`: the token
 * of a `ServiceClient`). Inject `SpaceAccessClient` where a handler acts in a space.
 */
export const spaceAccessClientProvider = (contentClient: InjectionToken): FactoryProvider<SpaceAccessClient> => ({
  provide: SpaceAccessClient,
  inject: [contentClient],
  useFactory: (client: ServiceClient) => new SpaceAccessClient(client),
});
