import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** The all-in-one process's own settings; each app's are its own, under its prefix (see app-environment.ts). */
export class AllInOneEnv {
  /** Port of the process's `/healthz` and `/readyz` (each app's state); unset: off. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  ALL_IN_ONE_HEALTH_PORT?: number;

  @IsString()
  ALL_IN_ONE_HEALTH_HOST: string = '127.0.0.1';

  /** Whether to run the reader (published sites) in the process too. */
  @IsIn(['on', 'off'], { message: 'must be on or off' })
  ALL_IN_ONE_READER: 'on' | 'off' = 'on';
}
