import type { MemberRoleOrGuest } from '@bindery/contracts';
import { IsRoleOrGuest } from './identity-validators';

/** Body of PATCH …/members/{userId}: `role` is required; null makes the member a guest. */
export class UpdateMemberRequest {
  @IsRoleOrGuest()
  role!: MemberRoleOrGuest;
}
