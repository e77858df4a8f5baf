import { ContentSubjects, type RequestContext, SiteEvents } from '@bindery/contracts';
import { addToOutbox, isAppError } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SitesRepository } from '../sites/sites.repository';
import { StructureRepository } from '../structure/structure.repository';

export interface FollowedSpaceEvent {
  spaceId: string;
  organizationId: string;
}

/**
 * Keeps the Space embedded in site spaces as content has it. A deleted space's site spaces go
 * (as do those of a space now in another organization); otherwise the space is asked of content
 * again and stored in every site space showing it. Content answers `content.space.get` for a
 * caller only: the consumer asks as the member who added the site space (content still decides
 * what that member sees); when that member no longer sees the space, the next one is tried, and
 * when nobody does the snapshot stays as it was.
 */
@Injectable()
export class SpaceFollowService {
  private readonly logger = new Logger(SpaceFollowService.name);

  constructor(
    private readonly db: DataSource,
    private readonly services: ServiceClient,
    private readonly structure: StructureRepository,
    private readonly sites: SitesRepository,
  ) {}

  async deleted(event: FollowedSpaceEvent): Promise<void> {
    await this.db.transaction(async (manager) => {
      const touched = await this.structure.removeSpace(manager, event.spaceId);
      await this.structureChanged(manager, touched);
    });
  }

  async changed(event: FollowedSpaceEvent): Promise<void> {
    const rows = await this.structure.siteSpacesOfSpace(event.spaceId);
    if (rows.length === 0) return;
    // The snapshot's URLs were built with the gateway's base URL; keep building them with it.
    const baseUrl = (rows[0].location ?? '').replace(/\/v1\/spaces\/[^/]*$/, '');
    for (const adder of new Set(rows.map((r) => r.added_by))) {
      const ctx: RequestContext = {
        requestId: `sites-follow-${event.spaceId}`,
        caller: { userId: adder, tokenId: 'sites-space-follow' },
        baseUrl,
      };
      try {
        const space = await this.services.send(ContentSubjects.spaceGet, ctx, { spaceId: event.spaceId });
        await this.db.transaction(async (manager) => {
          // A space moved to another organization leaves the sites of its former one.
          const removed = await this.structure.removeSpace(manager, space.id, space.organization);
          const refreshed = space.deletedAt
            ? await this.structure.removeSpace(manager, space.id)
            : await this.structure.refreshSpace(manager, space);
          await this.structureChanged(manager, [...new Set([...removed, ...refreshed])]);
        });
        return;
      } catch (error) {
        if (!isAppError(error, 'not_found') && !isAppError(error, 'forbidden')) throw error;
        this.logger.debug(`space ${event.spaceId} not visible to ${adder}; trying the next member`);
      }
    }
  }

  private async structureChanged(manager: EntityManager, siteIds: string[]): Promise<void> {
    if (!siteIds.length) return;
    await this.sites.touch(manager, siteIds);
    const organizations: Array<{ id: string; organization_id: string }> = [];
    for (const siteId of siteIds) {
      const version = await this.sites.version(siteId);
      if (version) organizations.push({ id: siteId, organization_id: version.organization_id });
    }
    for (const site of organizations)
      await addToOutbox(manager, SiteEvents.siteStructureChanged, {
        siteId: site.id,
        organizationId: site.organization_id,
        at: new Date().toISOString(),
      });
  }
}
