import type { OrgScopedInput } from './organizations';
import type { IdentitySubjects } from './subjects';

/** A public JSON Web Key (RFC 7517), as published for visitor claims. */
export interface PublicJwk {
  kty: string;
  [parameter: string]: unknown;
}

export interface VisitorClaimsRpc {
  [IdentitySubjects.visitorClaimsKey]: { input: OrgScopedInput; result: { key: PublicJwk } };
}
