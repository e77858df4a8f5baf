import { Module } from '@nestjs/common';
import { OrganizationsController } from './organizations.controller';
import { UsersController } from './users.controller';

/** Routes of the identity context. */
@Module({ controllers: [UsersController, OrganizationsController] })
export class IdentityRoutesModule {}
