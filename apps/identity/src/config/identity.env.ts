import { ServiceEnv } from '@bindery/platform';
import { IsIn } from 'class-validator';

/** Identity's environment; validated at start, a bad variable stops the process with its name. */
export class IdentityEnv extends ServiceEnv {
  /**
   * `off`: this instance serves requests but runs no event consumer (space counts). Lets an
   * operator keep consumers on some replicas only; tests use it for a consumer that is down.
   */
  @IsIn(['on', 'off'], { message: 'must be on or off' })
  EVENT_CONSUMERS: 'on' | 'off' = 'on';
}
