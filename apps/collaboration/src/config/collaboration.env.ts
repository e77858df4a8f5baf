import { ServiceEnv } from '@bindery/platform';

/** Collaboration's environment: DATABASE_URL, NATS and RPC_TIMEOUT_MS for now (ServiceEnv). */
export class CollaborationEnv extends ServiceEnv {}
