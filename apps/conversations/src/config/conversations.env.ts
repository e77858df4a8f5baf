import { ServiceEnv } from '@bindery/platform';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, Validate, type ValidatorConstraintInterface, ValidatorConstraint } from 'class-validator';
import { parseEmbeddingEndpoints } from '../embeddings/embedding-endpoints';

/** Fails start-up on a malformed endpoint list, with the parser's message naming the bad entry. */
@ValidatorConstraint({ name: 'embeddingEndpoints' })
class EmbeddingEndpointsValid implements ValidatorConstraintInterface {
  private message = '';
  validate(raw: unknown): boolean {
    try {
      parseEmbeddingEndpoints(raw as string);
      return true;
    } catch (error) {
      this.message = (error as Error).message;
      return false;
    }
  }
  defaultMessage(): string {
    return this.message;
  }
}

/** Conversations' environment: ServiceEnv (DATABASE_URL, NATS, RPC_TIMEOUT_MS) and the clustering's knobs. */
export class ConversationsEnv extends ServiceEnv {
  /** Conversations one processing job takes from the organization's queue at once. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5000)
  CONVERSATIONS_BATCH = 500;

  /**
   * OpenAI-compatible embedding endpoints organizations may pick from (JSON array of
   * `{"name","url","model","apiKeyEnv"?,"batchSize"?,"timeoutMs"?}`; `url` ends before
   * `/embeddings`). Empty: every organization uses the built-in vectors, with no network. Only the
   * operator names addresses (private ones included); an organization picks a name.
   */
  @IsOptional()
  @IsString()
  @Validate(EmbeddingEndpointsValid)
  CONVERSATIONS_EMBEDDING_ENDPOINTS = '';
}
