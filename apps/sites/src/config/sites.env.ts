import { ServiceEnv } from '@bindery/platform';
import { IsIn, IsOptional, IsUrl } from 'class-validator';

/** Sites's environment: DATABASE_URL, NATS and RPC_TIMEOUT_MS (ServiceEnv), and the published sites' base. */
export class SitesEnv extends ServiceEnv {
  /**
   * Public base URL of published sites of organizations without a hostname (`<base>/<orgId>/<basename>`).
   * Empty: the gateway's base URL + `/sites`.
   */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  SITES_PUBLIC_BASE_URL?: string;

  /** `off`: this instance runs no event consumer (following content's space events). */
  @IsIn(['on', 'off'], { message: 'must be on or off' })
  EVENT_CONSUMERS: 'on' | 'off' = 'on';
}
