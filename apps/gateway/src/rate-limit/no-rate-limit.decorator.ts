import { SetMetadata } from '@nestjs/common';

export const NO_RATE_LIMIT = 'bindery:no-rate-limit';

/** Exempts a route from rate limiting (liveness and readiness probes, which orchestrators poll). */
export const NoRateLimit = (): MethodDecorator & ClassDecorator => SetMetadata(NO_RATE_LIMIT, true);
