import type { NoResult } from '../context';
import type { List, PageQuery } from '../pagination';
import type { MemberRoleOrGuest } from './members';
import type { IdentitySubjects } from './subjects';

/** Wire shape of an organization invite link (official InviteLinkToOrganization). */
export interface InviteLink {
  object: 'invite';
  id: string;
  role: MemberRoleOrGuest;
  redundant: boolean;
  urls: { location: string; join: string };
}

export interface InviteEmailsInput {
  organizationId: string;
  emails: Array<string | { email: string; role: MemberRoleOrGuest }>;
  role?: MemberRoleOrGuest;
  sso?: boolean;
}
export interface InviteEmailsResult {
  /** Accounts the invite created and added; existing accounts are invited instead and never named. */
  users: string[];
  /** Users added plus users invited to accept. */
  invited: number;
  /** Emails of existing accounts invited with `sso`: they join as plain members (only their owner links SSO). */
  failedSSOEmails?: string[];
}
/** An invitation to an organization waiting for the invited user (`POST urls.join` accepts it). */
export interface PendingInvite {
  object: 'pending-invite';
  id: string;
  role: MemberRoleOrGuest;
  organization: { id: string; title: string };
  createdAt: string;
  urls: { join: string };
}
export interface InviteLinkCreateInput {
  organizationId: string;
  role: MemberRoleOrGuest;
}
export interface InviteLinkListInput extends PageQuery {
  organizationId: string;
}
export interface InviteLinkInput {
  organizationId: string;
  inviteId: string;
}
export interface InviteLinkUpdateInput extends InviteLinkInput {
  role: MemberRoleOrGuest;
}

export interface InvitesRpc {
  [IdentitySubjects.inviteEmails]: { input: InviteEmailsInput; result: InviteEmailsResult };
  [IdentitySubjects.inviteLinkCreate]: { input: InviteLinkCreateInput; result: InviteLink };
  [IdentitySubjects.inviteLinkList]: { input: InviteLinkListInput; result: List<InviteLink> };
  [IdentitySubjects.inviteLinkGet]: { input: InviteLinkInput; result: InviteLink };
  [IdentitySubjects.inviteLinkUpdate]: { input: InviteLinkUpdateInput; result: InviteLink };
  [IdentitySubjects.inviteLinkDelete]: { input: InviteLinkInput; result: NoResult };
  [IdentitySubjects.inviteLinkJoin]: { input: InviteLinkInput; result: NoResult };
  [IdentitySubjects.inviteListMine]: { input: PageQuery; result: List<PendingInvite> };
}
