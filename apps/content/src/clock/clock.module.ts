import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';

/** The clock every rule about time reads. */
@Global()
@Module({ providers: [{ provide: Clock, useClass: SystemClock }], exports: [Clock] })
export class ClockModule {}
