import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An API token. Only the SHA-256 of the secret is stored; the secret is shown once at creation. */
@Entity({ name: 'api_tokens' })
export class ApiTokenEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'token_hash' })
  tokenHash: string;

  @Column('text')
  label: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  /** Session tokens (SSO logins) stop working at this instant; API tokens have none. */
  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
