import type { MemberRoleOrGuest } from '@bindery/contracts';
import { IsRoleOrGuest } from './identity-validators';

/** Body of POST /v1/orgs/{organizationId}/link-invites (official CreateInviteToOrganization). */
export class CreateInviteLinkRequest {
  @IsRoleOrGuest()
  role!: MemberRoleOrGuest;
}
