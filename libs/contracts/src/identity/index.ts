import type { AgentInstructionsRpc } from './agent-instructions';
import type { InvitesRpc } from './invites';
import type { MembersRpc } from './members';
import type { OrganizationsRpc } from './organizations';
import type { SamlRpc } from './saml';
import type { TeamsRpc } from './teams';
import type { TokensRpc } from './tokens';
import type { UsersRpc } from './users';
import type { VisitorClaimsRpc } from './visitor-claims';

export * from './subjects';
export * from './tokens';
export * from './users';
export * from './organizations';
export * from './members';
export * from './teams';
export * from './invites';
export * from './saml';
export * from './visitor-claims';
export * from './agent-instructions';

/** Every request/reply subject identity answers, with its input and result. */
export interface IdentityRpc
  extends TokensRpc,
    UsersRpc,
    OrganizationsRpc,
    MembersRpc,
    TeamsRpc,
    InvitesRpc,
    SamlRpc,
    VisitorClaimsRpc,
    AgentInstructionsRpc {}
