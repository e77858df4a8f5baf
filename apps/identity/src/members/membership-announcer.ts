import { announceMembershipChange } from '@bindery/platform';
import { NATS_CONNECTION } from '@bindery/platform/nest';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, Optional } from '@nestjs/common';

/**
 * Tells the services that cache standings (`identity.membership.get` answers) that one changed,
 * before identity answers the request that changed it (see `MembershipFeed` in libs/platform).
 * Every write that can change an existing member's answer calls it after its commit: a removal and
 * a role change. Joins need not: services never keep a stranger's "not a member".
 *
 * The operator CLI has no NATS connection: its `member:add` re-role reaches the services' caches
 * through their TTL only.
 */
@Injectable()
export class MembershipAnnouncer {
  constructor(@Optional() @Inject(NATS_CONNECTION) private readonly nc?: NatsConnection) {}

  async changed(organizationId: string, userId: string): Promise<void> {
    if (this.nc) await announceMembershipChange(this.nc, { organizationId, userId });
  }
}
