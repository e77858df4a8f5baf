import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'bindery:public';

/** Marks a route that needs no bearer token (health probes only). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
