import { isMemberRole, type MemberRoleOrGuest } from '@bindery/contracts';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, isEmail, IsOptional, ValidateBy } from 'class-validator';
import { IsRoleOrGuest } from './identity-validators';

/** Why an `emails` entry is neither an email nor `{email, role}`; undefined when it is one. */
export function inviteEntryProblem(entry: unknown, index: number): string | undefined {
  if (typeof entry === 'string') return isEmail(entry) ? undefined : `emails[${index}] must be an email address`;
  const object = entry as { email?: unknown; role?: unknown } | null;
  if (typeof object !== 'object' || object === null) return `emails[${index}] must be an email address or {email, role}`;
  if (typeof object.email !== 'string' || !isEmail(object.email)) return `emails[${index}].email must be an email address`;
  if (object.role !== null && !isMemberRole(object.role)) return `emails[${index}].role must be a member role or null (guest)`;
  return undefined;
}

const firstProblem = (value: unknown): string | undefined =>
  Array.isArray(value) ? value.map(inviteEntryProblem).find((p) => p !== undefined) : 'emails must be an array';

/** Body of POST /v1/orgs/{organizationId}/invites (official InviteUsersToOrganization). */
export class InviteUsersRequest {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateBy({
    name: 'inviteEntries',
    validator: { validate: (v: unknown) => firstProblem(v) === undefined, defaultMessage: (a) => firstProblem(a?.value) ?? '' },
  })
  emails!: Array<string | { email: string; role: MemberRoleOrGuest }>;

  @IsOptional()
  @IsRoleOrGuest()
  role?: MemberRoleOrGuest;

  @IsOptional()
  @IsBoolean()
  sso?: boolean;
}
