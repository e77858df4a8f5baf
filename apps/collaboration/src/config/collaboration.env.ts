import { ServiceEnv } from '@bindery/platform';
import { IsIn, IsInt, Max, Min } from 'class-validator';

/** Collaboration's environment: DATABASE_URL, NATS and RPC_TIMEOUT_MS (ServiceEnv), and its event consumers. */
export class CollaborationEnv extends ServiceEnv {
  /**
   * `off` runs no event consumer (content's space events) in this process: an operator keeps
   * consumers on some replicas only; tests use it for a consumer that is down.
   */
  @IsIn(['on', 'off'], { message: 'must be on or off' })
  EVENT_CONSUMERS: 'on' | 'off' = 'on';

  /** Worker threads converting comment bodies between Markdown and Document. */
  @IsInt({ message: 'must be a whole number of worker threads' })
  @Min(1)
  @Max(64)
  COMMENT_MARKDOWN_WORKERS: number = 1;

  /** Time one body's conversion may take, in ms; past it the request is a 400 naming the body. */
  @IsInt({ message: 'must be a whole number of milliseconds' })
  @Min(100)
  @Max(60_000)
  COMMENT_MARKDOWN_TIMEOUT_MS: number = 2000;
}
