import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateIf, validateSync } from 'class-validator';

/** Raised at start when the environment is unusable; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(
    readonly variables: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates environment variables into a typed config object. Fails fast with one
 * message naming each offending variable, so an operator sees at once what to fix.
 */
export function loadConfig<T extends object>(schema: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const config = plainToInstance(schema, { ...env }, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new ConfigError(
      errors.map((e) => e.property),
      `Invalid environment:\n${lines.join('\n')}`,
    );
  }
  return config;
}

/** The variables an env class reads (every validated property, inherited ones included). */
export function envVariables(schema: new () => object): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(schema, '', true, false);
  return [...new Set(metadata.map((m) => m.propertyName))].sort();
}

/** Variables every NATS-connected service needs. */
export class NatsEnv {
  @Matches(/^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/, { message: 'must be nats://host:port (comma-separated for a cluster)' })
  NATS_URL: string = 'nats://127.0.0.1:4222';

  /** This app's NATS user; the server's permissions limit it to the subjects the app needs. */
  @IsOptional()
  @IsString()
  @MinLength(1)
  NATS_USER?: string;

  @ValidateIf((env: NatsEnv) => env.NATS_USER !== undefined)
  @IsString({ message: 'is required with NATS_USER' })
  @MinLength(1, { message: 'is required with NATS_USER' })
  NATS_PASSWORD?: string;

  /** How long a request to another service waits for its answer before it is a 503. */
  @IsInt()
  @Min(100)
  RPC_TIMEOUT_MS: number = 5000;

  @IsOptional()
  @IsString()
  LOG_LEVEL?: string;

  /** Port of this process's Prometheus `/metrics` (its own listener, never a public route); unset: off. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  /** Address the metrics listener binds (0.0.0.0 in a container, so Prometheus can scrape it). */
  @IsString()
  METRICS_HOST: string = '127.0.0.1';
}

/** Variables every service that owns a Postgres schema needs. */
export class ServiceEnv extends NatsEnv {
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL!: string;
}
