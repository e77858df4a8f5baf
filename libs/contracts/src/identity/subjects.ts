import { healthSubject } from '../health';

/**
 * Request/reply subjects answered by the identity service: `identity.<aggregate>.<verb>`, lower-case,
 * multiword segments in kebab-case, aggregate singular. Each aggregate's file types its subjects'
 * input and result (`IdentityRpc`).
 */
export const IdentitySubjects = {
  health: healthSubject('identity'),
  tokenVerify: 'identity.token.verify',
  userGetCurrent: 'identity.user.get',
  orgList: 'identity.org.list',
  orgGet: 'identity.org.get',
  orgCreate: 'identity.org.create',
  membershipGet: 'identity.membership.get',
  /** Internal: which of some users are (enabled) members of an organization, with their roles. */
  membershipsAmong: 'identity.membership.list-among',
  orgUpdate: 'identity.org.update',
  orgJoin: 'identity.org.join',
  orgsForEmailDomain: 'identity.org.for-email-domain',
  memberList: 'identity.member.list',
  memberGet: 'identity.member.get',
  memberUpdate: 'identity.member.update',
  memberRemove: 'identity.member.remove',
  memberSetSso: 'identity.member.set-sso',
  memberPing: 'identity.member.ping',
  memberTeams: 'identity.member.list-teams',
  memberSpaces: 'identity.member.list-spaces',
  inviteEmails: 'identity.invite.send-emails',
  inviteLinkCreate: 'identity.invite-link.create',
  inviteLinkList: 'identity.invite-link.list',
  inviteLinkGet: 'identity.invite-link.get',
  inviteLinkUpdate: 'identity.invite-link.update',
  inviteLinkDelete: 'identity.invite-link.delete',
  inviteLinkJoin: 'identity.invite-link.join',
  /** The caller's pending invitations (GET /v1/user/invites, a Bindery addition). */
  inviteListMine: 'identity.invite.list-mine',
  teamCreate: 'identity.team.create',
  teamList: 'identity.team.list',
  teamGet: 'identity.team.get',
  teamUpdate: 'identity.team.update',
  teamDelete: 'identity.team.delete',
  teamMemberList: 'identity.team-member.list',
  teamMembersUpdate: 'identity.team-member.update-many',
  teamMemberPut: 'identity.team-member.put',
  teamMemberRemove: 'identity.team-member.remove',
  samlList: 'identity.saml.list',
  samlCreate: 'identity.saml.create',
  samlGet: 'identity.saml.get',
  samlUpdate: 'identity.saml.update',
  samlDelete: 'identity.saml.delete',
  ssoLogins: 'identity.sso.list-logins',
  ssoStart: 'identity.sso.start',
  ssoAssert: 'identity.sso.assert',
  /** Internal (no HTTP route): the public JWK that verifies an organization's visitor claims. */
  visitorClaimsKey: 'identity.visitor-claims.get-key',
  agentInstructionsGet: 'identity.agent-instructions.get',
  agentInstructionsPut: 'identity.agent-instructions.put',
} as const;

/** Events published by identity on the JetStream event stream (past tense). */
export const IdentityEvents = {
  memberAdded: 'identity.member.added',
  tokenRevoked: 'identity.token.revoked',
  memberUpdated: 'identity.member.updated',
  memberRemoved: 'identity.member.removed',
  teamCreated: 'identity.team.created',
  teamDeleted: 'identity.team.deleted',
  teamMembersChanged: 'identity.team.members-changed',
} as const;

/**
 * Core-NATS broadcasts of identity (no stream, no durable: every listening replica hears each one,
 * and only while connected). Not under `events.`, so no stream keeps them.
 */
export const IdentityBroadcasts = {
  /**
   * A membership's standing (`identity.membership.get`'s answer) changed: a member was removed, or
   * their role changed. Published, and handed to the NATS server, after the change commits and
   * before identity answers the request that made it, so a service that hears it on the connection
   * it receives requests on drops its cached standing before the client's next request reaches it
   * (`MembershipChangedBroadcast`; see `MembershipFeed` in libs/platform).
   */
  membershipChanged: 'identity.membership.changed',
} as const;

/** Core-NATS subject on which a revocation event is also seen (stream subjects carry the `events.` prefix). */
export const EVENT_PREFIX_TOKEN_REVOKED = `events.${IdentityEvents.tokenRevoked}`;
