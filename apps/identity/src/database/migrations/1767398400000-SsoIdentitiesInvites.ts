import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SSO identities bound by (provider, NameID), link requests, expiring session tokens and pending
 * invitations of existing accounts.
 */
export class SsoIdentitiesInvites1767398400000 implements MigrationInterface {
  name = 'SsoIdentitiesInvites1767398400000';

  async up(q: QueryRunner): Promise<void> {
    // The only way an IdP reaches an account: an identity it asserted before, bound to one user.
    await q.query(`CREATE TABLE sso_identities (
      provider_id text NOT NULL REFERENCES saml_providers(id) ON DELETE CASCADE,
      name_id text NOT NULL,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      PRIMARY KEY (provider_id, name_id)
    )`);
    await q.query('CREATE UNIQUE INDEX sso_identities_user_key ON sso_identities (user_id, provider_id)');
    // A login started by a signed-in user links the asserted identity to that user's account.
    await q.query('ALTER TABLE saml_requests ADD COLUMN link_user_id text REFERENCES users(id) ON DELETE CASCADE');
    await q.query('ALTER TABLE api_tokens ADD COLUMN expires_at timestamptz(3)');
    await q.query(`CREATE TABLE pending_invites (
      id text PRIMARY KEY,
      organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text,
      invited_by text NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      UNIQUE (organization_id, user_id)
    )`);
    await q.query('CREATE INDEX pending_invites_user_idx ON pending_invites (user_id, created_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE pending_invites');
    await q.query('ALTER TABLE api_tokens DROP COLUMN expires_at');
    await q.query('ALTER TABLE saml_requests DROP COLUMN link_user_id');
    await q.query('DROP TABLE sso_identities');
  }
}
