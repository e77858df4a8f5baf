import { ServiceEnv } from '@bindery/platform';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Conversations' environment: ServiceEnv (DATABASE_URL, NATS, RPC_TIMEOUT_MS) and the clustering's knobs. */
export class ConversationsEnv extends ServiceEnv {
  /** Conversations one processing job takes from the organization's queue at once. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5000)
  CONVERSATIONS_BATCH = 500;
}
