/** Answer of `<service>.health.ping`: the gateway's /readyz asks every service. */
export interface HealthReply {
  service: string;
  ok: boolean;
  database: boolean;
}

/** Every service answers `<service>.health.ping` with a HealthReply (no input). */
export type HealthSubject = `${string}.health.ping`;

export const healthSubject = <S extends string>(service: S): `${S}.health.ping` => `${service}.health.ping`;

export interface HealthRpc {
  [subject: HealthSubject]: { input: Record<string, never>; result: HealthReply };
}
