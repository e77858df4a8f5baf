import { ALL_APPS, SERVICES } from '@bindery/stack';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

const APP_NAMES = ALL_APPS.map((app) => app.name);
const APP_LIST = new RegExp(`^(${APP_NAMES.join('|')})(,(${APP_NAMES.join('|')}))*$`);
/** Services that may move to the services thread (the gateway stays on the main thread: it takes the process's signals). */
const MOVABLE = SERVICES.map((app) => app.name);
const SERVICE_LIST = new RegExp(`^(auto|none|(${MOVABLE.join('|')})(,(${MOVABLE.join('|')}))*)$`);

/**
 * The all-in-one process's own settings (every app in one process). Each app's settings are its own,
 * under its name as prefix: `CONTENT_DATABASE_URL`, `GIT_SYNC_NATS_USER` (apps/all-in-one/README.md).
 */
export class AllInOneEnv {
  /** Port of the process's `/healthz` and `/readyz` (each app's state); unset: off. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  ALL_IN_ONE_HEALTH_PORT?: number;

  /** Address the health listener binds (0.0.0.0 in a container). */
  @IsString()
  ALL_IN_ONE_HEALTH_HOST: string = '127.0.0.1';

  /** Whether to run the reader (published sites) in the process too. */
  @IsIn(['on', 'off'], { message: 'must be on or off' })
  ALL_IN_ONE_READER: 'on' | 'off' = 'on';

  /**
   * Apps left out of the process, comma-separated (`translations-worker`, `reader`): an install that
   * does without one, or runs it elsewhere. Empty: every app.
   */
  @IsOptional()
  @Matches(APP_LIST, { message: `must be a comma-separated list of: ${APP_NAMES.join(', ')}` })
  ALL_IN_ONE_WITHOUT?: string;

  /**
   * Services run in a thread of their own beside the main thread (the gateway, the other services
   * and the reader), so their JavaScript runs on a second core: comma-separated names, `none` (one
   * thread serves every request: the least memory), or `auto`: `content` (the busiest service,
   * about as much work per request as the main thread's apps together) when the machine has two
   * cores or more, else none.
   */
  @Matches(SERVICE_LIST, { message: `must be auto, none or a comma-separated list of: ${MOVABLE.join(', ')}` })
  ALL_IN_ONE_SERVICES_THREAD: string = 'auto';
}
