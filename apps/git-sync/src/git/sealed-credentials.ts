import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Credentials of a repository URL travel in a job's payload (a database row and a JetStream
 * message) sealed with AES-256-GCM under the service's secret: never in plain text at rest.
 */
export class CredentialSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret).digest();
  }

  seal(credentials: { username?: string; password?: string }): string {
    return this.sealText(JSON.stringify(credentials));
  }

  open(sealed: string): { username?: string; password?: string } {
    return JSON.parse(this.openText(sealed)) as { username?: string; password?: string };
  }

  /** Any secret kept at rest (a webhook secret), sealed the same way. */
  sealText(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  openText(sealed: string): string {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}
