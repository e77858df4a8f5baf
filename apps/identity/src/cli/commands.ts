import { isMemberRole } from '@bindery/contracts';
import { AppError, badRequest } from '@bindery/platform';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MembershipsService } from '../members/memberships.service';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { OrganizationsService } from '../organizations/organizations.service';
import { TokensService } from '../tokens/tokens.service';
import { UsersService } from '../users/users.service';

export type Flags = Record<string, string | boolean | undefined>;

/** The flags every command may take (`parseArgs` options; also used by the e2e tests' in-process runner). */
export const CLI_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean' },
  email: { type: 'string' },
  name: { type: 'string' },
  label: { type: 'string' },
  id: { type: 'string' },
  title: { type: 'string' },
  'owner-email': { type: 'string' },
  org: { type: 'string' },
  role: { type: 'string' },
} as const satisfies Record<string, { type: 'boolean' | 'string' }>;

type Command = (app: INestApplicationContext, flags: Flags) => Promise<Record<string, unknown>>;

const required = (flags: Flags, name: string): string => {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`--${name} is required`);
  return value.trim();
};

/** Operator commands; each returns what it prints (as JSON with --json). */
export const COMMANDS: Record<string, { help: string; run: Command }> = {
  bootstrap: {
    help: 'bootstrap [--email E]                 first start only: admin user, organization and token',
    run: async (app, flags) => {
      const users = app.get(UsersService);
      if ((await users.count()) > 0) return { created: false };
      const email = typeof flags.email === 'string' ? flags.email : 'admin@bindery.local';
      const user = await users.create(email, 'Administrator');
      const organization = await app.get(OrganizationsService).createFor(user.id, { title: 'Bindery' });
      const { id: tokenId, token } = await app.get(TokensService).create(user.id, 'bootstrap');
      return { created: true, email, userId: user.id, organizationId: organization.id, tokenId, token };
    },
  },
  'user:create': {
    help: 'user:create --email E [--name N]      create a user and print an API token',
    run: async (app, flags) => {
      const email = required(flags, 'email');
      const user = await app.get(UsersService).create(email, typeof flags.name === 'string' ? flags.name : email.split('@')[0]);
      const { id: tokenId, token } = await app.get(TokensService).create(user.id, 'cli');
      return { userId: user.id, email, tokenId, token };
    },
  },
  'token:create': {
    help: 'token:create --email E [--label L]    another API token for an existing user',
    run: async (app, flags) => {
      const user = await app.get(UsersService).findByEmail(required(flags, 'email'));
      const { id: tokenId, token } = await app.get(TokensService).create(user.id, typeof flags.label === 'string' ? flags.label : 'cli');
      return { userId: user.id, tokenId, token };
    },
  },
  'token:revoke': {
    help: 'token:revoke --id TOKEN_ID            revoke a token (it stops working at once)',
    run: async (app, flags) => {
      const tokenId = required(flags, 'id');
      await app.get(TokensService).revoke(tokenId);
      return { revoked: tokenId };
    },
  },
  'org:create': {
    help: 'org:create --title T --owner-email E   create an organization administered by that user',
    run: async (app, flags) => {
      const owner = await app.get(UsersService).findByEmail(required(flags, 'owner-email'));
      const title = required(flags, 'title');
      if (title.length < 2 || title.length > 255) throw badRequest('--title must be 2 to 255 characters');
      const organization = await app.get(OrganizationsService).createFor(owner.id, { title });
      return { organizationId: organization.id, title };
    },
  },
  'member:add': {
    help: 'member:add --org ID --email E --role R add (or re-role) a user in an organization',
    run: async (app, flags) => {
      const role = required(flags, 'role');
      if (!isMemberRole(role)) throw badRequest('--role must be one of admin, create, review, edit, comment, read');
      const organizationId = required(flags, 'org');
      const user = await app.get(UsersService).findByEmail(required(flags, 'email'));
      const db = app.get(DataSource);
      if (!(await app.get(OrganizationsRepository).findById(organizationId)))
        throw new AppError(404, `No organization with id ${organizationId}`);
      await db.transaction((manager) => app.get(MembershipsService).add(manager, organizationId, user.id, role));
      return { organizationId, userId: user.id, role };
    },
  },
};
