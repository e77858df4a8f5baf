import { type HealthReply, healthSubject } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DataSource } from 'typeorm';

@Controller()
export class HealthHandler {
  constructor(private readonly db: DataSource) {}

  /** Answers the gateway's readiness probe: up, and able to reach its database. */
  @MessagePattern(healthSubject('content'))
  async ping(): Promise<HealthReply> {
    const database = await this.db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    return { service: 'content', ok: database, database };
  }
}
