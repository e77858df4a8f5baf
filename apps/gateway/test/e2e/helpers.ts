import { ApiClient, identityCli, testStack } from '@bindery/testing';

/** A client authenticated as the bootstrapped admin of the test stack. */
export const adminClient = (): ApiClient => new ApiClient(testStack().gatewayUrl, testStack().adminToken);

/** An anonymous client. */
export const anonymousClient = (): ApiClient => new ApiClient(testStack().gatewayUrl);

let counter = 0;
/** A new user (through the operator CLI) and a client holding its token. */
export async function newUser(prefix = 'user'): Promise<{ client: ApiClient; userId: string; email: string; tokenId: string }> {
  const email = `${prefix}-${Date.now()}-${++counter}@e2e.test`;
  const created = await identityCli(['user:create', '--email', email]);
  return {
    client: anonymousClient().withToken(created.token as string),
    userId: created.userId as string,
    email,
    tokenId: created.tokenId as string,
  };
}

/** Polls until `check` passes or the deadline is reached (for effects that travel over events). */
export async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
