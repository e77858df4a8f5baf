import { healthSubject } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/public.decorator';
import { NoRateLimit } from '../rate-limit/no-rate-limit.decorator';
import { ROUTED_SERVICES } from '../services/routed-services';

const PROBE_TIMEOUT_MS = 1000;

@Public()
@NoRateLimit()
@Controller()
export class HealthController {
  constructor(private readonly services: ServiceClient) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  @HttpCode(200)
  alive(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: NATS is up and every routed service answers its probe (with its database). */
  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ status: string; services: Record<string, string> }> {
    const ctx = { requestId: 'readyz', baseUrl: '' };
    const results = await Promise.all(
      ROUTED_SERVICES.map(async (name) => {
        try {
          const health = await this.services.send(healthSubject(name), ctx, {}, PROBE_TIMEOUT_MS);
          return [name, health.ok ? 'up' : 'degraded'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'up');
    void reply.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not-ready', services: Object.fromEntries(results) };
  }
}
