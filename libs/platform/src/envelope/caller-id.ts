import type { RequestContext } from '@bindery/contracts';
import { unauthorized } from '../errors/app-error';

/** The calling user's id; a request without a caller (a callerless subject) cannot use it: 401. */
export function callerId(ctx: RequestContext): string {
  if (!ctx.caller) throw unauthorized();
  return ctx.caller.userId;
}
