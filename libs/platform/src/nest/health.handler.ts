import { type HealthReply, healthSubject } from '@bindery/contracts';
import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DataSource } from 'typeorm';

/**
 * The handler of `<service>.health.ping`, the gateway's readiness probe: up, and able to reach its
 * database. `startService` adds it to every service, so no app writes its own.
 */
export function healthHandlerFor(service: string): Type<unknown> {
  @Controller()
  class HealthHandler {
    constructor(@Inject(DataSource) private readonly db: DataSource) {}

    @MessagePattern(healthSubject(service))
    async ping(): Promise<HealthReply> {
      const database = await this.db.query('SELECT 1').then(
        () => true,
        () => false,
      );
      return { service, ok: database, database };
    }
  }
  return HealthHandler;
}
