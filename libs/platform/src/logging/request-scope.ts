import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving a request carries. */
export interface RequestScope {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` so that everything it logs (sync or async) is tagged with the request id. */
export const runInRequestScope = <T>(scope: RequestScope, fn: () => T): T => storage.run(scope, fn);

export const currentRequestScope = (): RequestScope | undefined => storage.getStore();
