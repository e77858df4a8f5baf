import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../apps';
import { configurationMarkdown, readEnvClasses } from './configuration-doc';

describe('docs/configuration.md', () => {
  const root = repoRoot();

  it('is what the env classes say (regenerate: node libs/stack/dist/bin/docs-configuration.js)', () => {
    expect(readFileSync(join(root, 'docs', 'configuration.md'), 'utf8')).toBe(configurationMarkdown(root));
  });

  it('reads every app env class with its defaults and inherited base', () => {
    const classes = new Map(readEnvClasses(root).map((c) => [c.name, c]));
    const gateway = classes.get('GatewayEnv');
    expect(gateway?.extendsName).toBe('NatsEnv');
    expect(gateway?.variables.find((v) => v.name === 'PORT')).toMatchObject({ defaultValue: '8080', rules: ['integer', '≥ 0', '≤ 65535'] });
    expect(classes.get('NatsEnv')?.variables.map((v) => v.name)).toContain('RPC_TIMEOUT_MS');
    for (const name of [
      'ContentEnv',
      'IdentityEnv',
      'SitesEnv',
      'ReaderEnv',
      'TranslationsEnv',
      'GitSyncEnv',
      'ConversationsEnv',
      'CollaborationEnv',
    ]) {
      expect(classes.has(name)).toBe(true);
    }
  });
});
