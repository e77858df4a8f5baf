import { TEAM_MEMBER_ROLES } from '@bindery/contracts';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Length, Matches, MaxLength, ValidateBy } from 'class-validator';
import { PageQuery } from '../../common/page.query';
import { ENTITY_ID } from '../../common/entity-id';
import { KeepRaw } from './identity-validators';

/** The official OrganizationTeamTitle (1..64), not blank. */
const TeamTitle = (): PropertyDecorator => {
  const decorators = [IsString(), Length(1, 64), Matches(/\S/, { message: 'title must contain a non-blank character' })];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

/** Body of PUT /v1/orgs/{organizationId}/teams. */
export class CreateTeamRequest {
  @TeamTitle()
  title!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @Matches(ENTITY_ID, { each: true, message: 'each value in members must be a member id' })
  members?: string[];
}

/** Body of PATCH …/teams/{teamId}. */
export class UpdateTeamRequest {
  @TeamTitle()
  title!: string;
}

/** Query of GET …/teams: `owner` keeps the teams that member can manage. */
export class ListTeamsQuery extends PageQuery {
  @IsOptional()
  @Matches(ENTITY_ID, { message: 'owner must be a member id' })
  owner?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  title?: string;
}

/** A user id or an email address, as team member lists accept them. */
const USER_REF = /^([a-zA-Z0-9_-]{1,64}|[^\s@]{1,64}@[^\s@]{1,255})$/;

function membershipsProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'memberships must be an object of user to {role}';
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 1000) return 'memberships must name at most 1000 users';
  for (const [user, membership] of entries) {
    if (!USER_REF.test(user)) return `memberships: "${user}" is not a user id or email`;
    const role =
      typeof membership === 'object' && membership !== null && Object.hasOwn(membership, 'role')
        ? (membership as { role: unknown }).role
        : undefined;
    if (!TEAM_MEMBER_ROLES.includes(role as never)) return `memberships.${user}.role must be owner or member`;
  }
  return undefined;
}

/** Body of PUT …/teams/{teamId}/members (official UpdateMembersInOrganizationTeam). */
export class UpdateTeamMembersRequest {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @Matches(USER_REF, { each: true, message: 'each value in add must be a user id or an email' })
  add?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @Matches(USER_REF, { each: true, message: 'each value in remove must be a user id or an email' })
  remove?: string[];

  @IsOptional()
  @KeepRaw()
  @ValidateBy({
    name: 'memberships',
    validator: { validate: (v: unknown) => membershipsProblem(v) === undefined, defaultMessage: (a) => membershipsProblem(a?.value) ?? '' },
  })
  memberships?: Record<string, { role: 'owner' | 'member' }>;
}

/** Body of PUT …/teams/{teamId}/members/{userId}. */
export class PutTeamMemberRequest {
  @IsOptional()
  @IsIn(TEAM_MEMBER_ROLES)
  role?: 'owner' | 'member';
}
