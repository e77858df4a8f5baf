import { ConfigError, envVariables, loadConfig, NatsEnv, ServiceEnv } from './load-config';

describe('loadConfig', () => {
  it('reads and converts valid variables, with defaults', () => {
    const config = loadConfig(ServiceEnv, { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' });
    expect(config.DATABASE_URL).toBe('postgres://u:p@127.0.0.1:5432/db');
    expect(config.NATS_URL).toBe('nats://127.0.0.1:4222');
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig(ServiceEnv, { NATS_URL: 'http://wrong', DATABASE_URL: 'mysql://nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables.sort()).toEqual(['DATABASE_URL', 'NATS_URL']);
    expect((error as ConfigError).message).toMatch(/DATABASE_URL: must be a postgres:\/\/ connection URL/);
    expect((error as ConfigError).message).toMatch(/NATS_URL: must be nats:\/\/host:port/);
  });

  it('rejects a missing required variable', () => {
    expect(() => loadConfig(ServiceEnv, {})).toThrow(/DATABASE_URL/);
  });
});

describe('envVariables', () => {
  it('lists every variable an env class validates, inherited ones included', () => {
    expect(envVariables(ServiceEnv)).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'METRICS_HOST',
      'METRICS_PORT',
      'NATS_PASSWORD',
      'NATS_URL',
      'NATS_USER',
      'RPC_TIMEOUT_MS',
    ]);
  });
});

describe('RPC_TIMEOUT_MS', () => {
  it('defaults to 5000 and refuses less than 100 ms', () => {
    expect(loadConfig(NatsEnv, {}).RPC_TIMEOUT_MS).toBe(5000);
    expect(loadConfig(NatsEnv, { RPC_TIMEOUT_MS: '250' }).RPC_TIMEOUT_MS).toBe(250);
    expect(() => loadConfig(NatsEnv, { RPC_TIMEOUT_MS: '10' })).toThrow(/RPC_TIMEOUT_MS/);
  });
});

describe('NATS credentials', () => {
  it('needs NATS_PASSWORD with NATS_USER', () => {
    expect(() => loadConfig(NatsEnv, { NATS_USER: 'content' })).toThrow(/NATS_PASSWORD: .*is required with NATS_USER/);
    expect(loadConfig(NatsEnv, { NATS_USER: 'content', NATS_PASSWORD: 'secret' }).NATS_USER).toBe('content');
  });
});
