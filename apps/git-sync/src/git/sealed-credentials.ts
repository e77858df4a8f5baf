import { SecretSealer } from '@bindery/platform';

/**
 * Credentials of a repository URL travel in a job's payload (a database row and a JetStream
 * message) sealed with the platform's `SecretSealer` under the service's secret: never in plain
 * text at rest. Webhook secrets use the plain `seal`/`open`.
 */
export class CredentialSealer extends SecretSealer {
  sealCredentials(credentials: { username?: string; password?: string }): string {
    return this.seal(JSON.stringify(credentials));
  }

  openCredentials(sealed: string): { username?: string; password?: string } {
    return JSON.parse(this.open(sealed)) as { username?: string; password?: string };
  }
}
