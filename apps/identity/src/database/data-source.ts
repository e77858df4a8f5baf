import { createServiceDataSource } from '@bindery/platform';
import { ApiTokenEntity } from '../tokens/api-token.entity';
import { MembershipEntity } from '../members/membership.entity';
import { OrganizationEntity } from '../organizations/organization.entity';
import { UserEntity } from '../users/user.entity';
import { CreateIdentity1767225600000 } from './migrations/1767225600000-CreateIdentity';
import { TeamsInvitesSso1767312000000 } from './migrations/1767312000000-TeamsInvitesSso';
import { SsoIdentitiesInvites1767398400000 } from './migrations/1767398400000-SsoIdentitiesInvites';
import { SpaceCounts1767484800000 } from './migrations/1767484800000-SpaceCounts';

export const IDENTITY_SCHEMA = 'identity';

export const identityEntities = [UserEntity, ApiTokenEntity, OrganizationEntity, MembershipEntity];
export const identityMigrations = [
  CreateIdentity1767225600000,
  TeamsInvitesSso1767312000000,
  SsoIdentitiesInvites1767398400000,
  SpaceCounts1767484800000,
];

/** Identity's own schema, reached with its own role (DATABASE_URL). */
export const createIdentityDataSource = (url: string) =>
  createServiceDataSource({ url, schema: IDENTITY_SCHEMA, entities: identityEntities, migrations: identityMigrations });
