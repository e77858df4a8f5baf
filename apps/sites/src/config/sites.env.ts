import { ServiceEnv } from '@bindery/platform';

/** Sites's environment: DATABASE_URL, NATS and RPC_TIMEOUT_MS for now (ServiceEnv). */
export class SitesEnv extends ServiceEnv {}
