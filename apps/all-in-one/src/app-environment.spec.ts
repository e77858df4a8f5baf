import { prefixed } from '@bindery/stack';
import { environmentOf, explainConfigError } from './app-environment';

const APPS = [{ name: 'content' }, { name: 'content-worker', dir: 'content' }, { name: 'git-sync' }, { name: 'reader' }];

describe('environmentOf', () => {
  const env = {
    NATS_URL: 'nats://127.0.0.1:4222',
    CONTENT_DATABASE_URL: 'postgres://content@db/bindery',
    CONTENT_NATS_USER: 'content',
    CONTENT_WORKER_NATS_USER: 'content-worker',
    GIT_SYNC_DATABASE_URL: 'postgres://git_sync@db/bindery',
    READER_READER_PORT: '8090',
  };

  it('gives an app its own prefixed variables under their plain names, over the shared ones', () => {
    const content = environmentOf(APPS[0], APPS, env);
    expect(content).toMatchObject({ NATS_URL: env.NATS_URL, DATABASE_URL: env.CONTENT_DATABASE_URL, NATS_USER: 'content' });
    expect(content.WORKER_NATS_USER).toBeUndefined();
  });

  it("gives a worker its service's variables, under its own", () => {
    expect(environmentOf(APPS[1], APPS, env)).toMatchObject({ DATABASE_URL: env.CONTENT_DATABASE_URL, NATS_USER: 'content-worker' });
  });

  it('gives content and the git sync worker one Markdown thread each, unless the operator sets another number', () => {
    const gitSyncWorker = { name: 'git-sync-worker', dir: 'git-sync' };
    const apps = [...APPS, gitSyncWorker];
    expect(environmentOf(APPS[0], apps, env).MARKDOWN_WORKERS).toBe('1');
    expect(environmentOf(gitSyncWorker, apps, env).GIT_MARKDOWN_WORKERS).toBe('1');
    expect(environmentOf(APPS[0], apps, { ...env, CONTENT_MARKDOWN_WORKERS: '2' }).MARKDOWN_WORKERS).toBe('2');
    expect(environmentOf(gitSyncWorker, apps, { ...env, GIT_SYNC_WORKER_GIT_MARKDOWN_WORKERS: '3' }).GIT_MARKDOWN_WORKERS).toBe('3');
    expect(environmentOf(APPS[0], apps, { ...env, MARKDOWN_WORKERS: '2' }).MARKDOWN_WORKERS).toBe('2');
    // Not another app's setting.
    expect(environmentOf(APPS[2], apps, env).MARKDOWN_WORKERS).toBeUndefined();
  });

  it('keeps one app from seeing another one’s plain values', () => {
    expect(environmentOf(APPS[2], APPS, env)).toMatchObject({ DATABASE_URL: env.GIT_SYNC_DATABASE_URL });
    expect(environmentOf(APPS[3], APPS, env).DATABASE_URL).toBeUndefined();
    expect(environmentOf(APPS[3], APPS, env).READER_PORT).toBe('8090');
  });

  it('is the inverse of prefixed', () => {
    const own = { DATABASE_URL: 'postgres://x@y/z', NATS_USER: 'git-sync' };
    expect(environmentOf(APPS[2], APPS, prefixed('git-sync', own))).toMatchObject(own);
  });
});

describe('explainConfigError', () => {
  it('names the variable the operator sets for that app', () => {
    expect(explainConfigError('git-sync', 'Invalid environment:\n  DATABASE_URL: must be a postgres:// connection URL')).toBe(
      'git-sync: Invalid environment:\n  GIT_SYNC_DATABASE_URL (or DATABASE_URL for every app): must be a postgres:// connection URL',
    );
  });
});
