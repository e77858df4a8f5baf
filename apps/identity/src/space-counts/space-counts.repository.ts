import type { SpaceCounts } from '@bindery/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** The stored `Member.spaces` (per organization role) and `Team.spaces` counts. */
@Injectable()
export class SpaceCountsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Runs `work` holding the organization's counts lock: refreshes of one organization (by this or
   * another replica) run one after the other, so an older answer from content can never be
   * written over a newer one.
   */
  withOrganizationLock<T>(organizationId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (manager) => {
      await manager.query("SELECT pg_advisory_xact_lock(hashtext('identity.space-counts:' || $1))", [organizationId]);
      return work(manager);
    });
  }

  /** Replaces every count of the organization with `counts` (a full answer, so storing it twice is harmless). */
  async replace(manager: EntityManager, counts: SpaceCounts): Promise<void> {
    const org = counts.organizationId;
    await manager.query('DELETE FROM role_space_counts WHERE organization_id = $1', [org]);
    await manager.query('DELETE FROM team_space_counts WHERE organization_id = $1', [org]);
    const roles = Object.entries(counts.byRole);
    if (roles.length > 0) {
      await manager.query(
        'INSERT INTO role_space_counts (organization_id, role, spaces) SELECT $1, r, s FROM unnest($2::text[], $3::int[]) AS x(r, s)',
        [org, roles.map(([role]) => role), roles.map(([, spaces]) => spaces)],
      );
    }
    const teams = Object.entries(counts.byTeam);
    if (teams.length > 0) {
      await manager.query(
        'INSERT INTO team_space_counts (organization_id, team_id, spaces) SELECT $1, t, s FROM unnest($2::text[], $3::int[]) AS x(t, s)',
        [org, teams.map(([team]) => team), teams.map(([, spaces]) => spaces)],
      );
    }
  }
}
