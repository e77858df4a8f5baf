import type { IdentitySubjects } from './subjects';

export interface TokenVerifyInput {
  token: string;
}
/** Result of token verification: who the bearer is, or null when the token is unknown, revoked or expired. */
export interface TokenVerifyResult {
  caller: { userId: string; tokenId: string } | null;
  /** When the token stops working (ISO 8601); absent for tokens that last until revoked. Caches must not outlive it. */
  expiresAt?: string;
}

/** Payload of `identity.token.revoked`: caches holding this token must drop it. */
export interface TokenRevokedEvent {
  tokenId: string;
}

export interface TokensRpc {
  [IdentitySubjects.tokenVerify]: { input: TokenVerifyInput; result: TokenVerifyResult };
}
