import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Guests, teams, invite links, SAML providers, agent instructions and visitor-claims keys. */
export class TeamsInvitesSso1767312000000 implements MigrationInterface {
  name = 'TeamsInvitesSso1767312000000';

  async up(q: QueryRunner): Promise<void> {
    // A null role is a guest (the spec's MemberRoleOrGuest).
    await q.query('ALTER TABLE memberships ALTER COLUMN role DROP NOT NULL');
    await q.query('CREATE INDEX memberships_org_joined_idx ON memberships (organization_id, joined_at, user_id)');
    await q.query('CREATE INDEX organizations_email_domains_idx ON organizations USING gin (email_domains)');
    await q.query(`CREATE TABLE teams (
      id text PRIMARY KEY,
      organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      title text NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX teams_org_idx ON teams (organization_id, created_at, id)');
    // Team membership hangs off the organization membership: removing a member removes it from every team.
    await q.query(`CREATE TABLE team_members (
      team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      organization_id text NOT NULL,
      user_id text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'member')),
      added_at timestamptz(3) NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, user_id),
      FOREIGN KEY (organization_id, user_id) REFERENCES memberships(organization_id, user_id) ON DELETE CASCADE
    )`);
    await q.query('CREATE INDEX team_members_user_idx ON team_members (organization_id, user_id)');
    await q.query(`CREATE TABLE invite_links (
      id text PRIMARY KEY,
      organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      role text,
      created_by text NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX invite_links_org_idx ON invite_links (organization_id, created_at, id)');
    await q.query(`CREATE TABLE saml_providers (
      id text PRIMARY KEY,
      organization_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      label text NOT NULL,
      entity_id text,
      certificate text,
      sso_url text,
      default_team_id text REFERENCES teams(id) ON DELETE SET NULL,
      default_role text,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
    await q.query('CREATE INDEX saml_providers_org_idx ON saml_providers (organization_id, created_at, id)');
    // Request ids we sent to an IdP, so an assertion must answer one of ours, once (shared by replicas).
    await q.query(`CREATE TABLE saml_requests (
      id text PRIMARY KEY,
      provider_id text NOT NULL REFERENCES saml_providers(id) ON DELETE CASCADE,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE agent_instructions (
      organization_id text PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      instructions jsonb NOT NULL,
      updated_by text NOT NULL,
      updated_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE visitor_claims_keys (
      organization_id text PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      kid text NOT NULL,
      private_jwk jsonb NOT NULL,
      public_jwk jsonb NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'visitor_claims_keys',
      'agent_instructions',
      'saml_requests',
      'saml_providers',
      'invite_links',
      'team_members',
      'teams',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
    await q.query('DROP INDEX organizations_email_domains_idx');
    await q.query('DROP INDEX memberships_org_joined_idx');
    await q.query('ALTER TABLE memberships ALTER COLUMN role SET NOT NULL');
  }
}
