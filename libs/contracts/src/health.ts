/** Answer of `<service>.health.ping`: the gateway's /readyz asks every service. */
export interface HealthReply {
  service: string;
  ok: boolean;
  database: boolean;
}

export const healthSubject = (service: string): string => `${service}.health.ping`;
