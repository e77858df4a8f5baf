import { ServiceEnv } from '@bindery/platform';
import { IsIn } from 'class-validator';

/** Collaboration's environment: DATABASE_URL, NATS and RPC_TIMEOUT_MS (ServiceEnv), and its event consumers. */
export class CollaborationEnv extends ServiceEnv {
  /**
   * `off` runs no event consumer (content's space events) in this process: an operator keeps
   * consumers on some replicas only; tests use it for a consumer that is down.
   */
  @IsIn(['on', 'off'], { message: 'must be on or off' })
  EVENT_CONSUMERS: 'on' | 'off' = 'on';
}
