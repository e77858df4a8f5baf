import { OpenApiEnv } from '../openapi/openapi.env';

/** Sites's environment: DATABASE_URL, NATS and RPC_TIMEOUT_MS (ServiceEnv), and OpenAPI processing's settings. */
export class SitesEnv extends OpenApiEnv {}
