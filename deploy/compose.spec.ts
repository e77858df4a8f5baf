import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALL_APPS,
  ALL_IN_ONE,
  envPrefix,
  memoryFlags,
  natsPasswordVariable,
  natsUsers,
  renderAuthorization,
  youngGenerationFloor,
} from '@bindery/stack';
import { load } from 'js-yaml';

const root = join(__dirname, '..');
const composeFile = join(root, 'docker-compose.yml');
const compose = load(readFileSync(composeFile, 'utf8')) as {
  services: Record<string, { command?: string[]; environment?: Record<string, string>; profiles?: string[] }>;
};
// An app is a directory of apps/ with an entry point; each must run as its own service. The
// all-in-one app runs all of them in one process instead (profile `small`), checked on its own below.
const apps = readdirSync(join(root, 'apps'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== ALL_IN_ONE && existsSync(join(root, 'apps', d.name, 'src', 'main.ts')))
  .map((d) => d.name);

describe('docker-compose.yml', () => {
  it('is a valid compose file (docker-compose config, no engine needed)', () => {
    const hasCompose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0;
    if (!hasCompose) throw new Error('docker-compose is not installed (apt-get install docker-compose); scripts/test.sh installs it');
    expect(() => execFileSync('docker-compose', ['-f', composeFile, 'config', '-q'], { encoding: 'utf8', stdio: 'pipe' })).not.toThrow();
  });

  it.each(apps)('runs the app %s as its own service with its entry point', (app) => {
    const service = compose.services[app];
    expect(service).toBeDefined();
    expect(service.command?.at(-1)).toBe(`apps/${app}/dist/main.js`);
  });

  // The same memory plan as `pnpm start` and the Kubernetes manifests (libs/stack/src/memory.ts):
  // the heap limit and young generation in NODE_OPTIONS, the young generation's floor on the
  // command line (Node refuses it in NODE_OPTIONS).
  it.each(ALL_APPS.map((app) => [app.name, app] as const))('starts %s with its memory plan', (name, app) => {
    const service = compose.services[name];
    expect(service?.environment?.NODE_OPTIONS).toBe(memoryFlags(app).join(' '));
    expect(service?.command?.slice(0, -1)).toEqual(['node', ...youngGenerationFloor(app)]);
  });

  // A worker (src/worker.ts) is the same image with its own command, as `<app>-worker`.
  const workers = apps.filter((app) => existsSync(join(root, 'apps', app, 'src', 'worker.ts')));
  it.each(workers)('runs the worker of %s as its own service with its entry point and database role', (app) => {
    const service = compose.services[`${app}-worker`];
    expect(service?.command).toEqual(['node', `apps/${app}/dist/worker.js`]);
    expect(service?.environment?.DATABASE_URL).toMatch(new RegExp(`^postgres://bindery_${app.replace(/-/g, '_')}:`));
  });

  it('gives every service with a schema its own database role', () => {
    // The gateway and the reader are stateless: no schema, no database role.
    for (const app of apps.filter((a) => a !== 'gateway' && a !== 'reader')) {
      const url = compose.services[app]?.environment?.DATABASE_URL;
      expect(url).toMatch(new RegExp(`^postgres://bindery_${app.replace(/-/g, '_')}:`));
    }
  });

  // Every process with its own NATS user: each app, and each worker (`<app>-worker`).
  const processes = [
    ...apps,
    ...apps.filter((app) => existsSync(join(root, 'apps', app, 'src', 'worker.ts'))).map((app) => `${app}-worker`),
  ];

  it("gives every app and worker its own NATS user, whose password is the one nats-server's config reads", () => {
    const natsEnv = compose.services.nats?.environment ?? {};
    for (const app of processes) {
      const env = compose.services[app]?.environment ?? {};
      expect(env.NATS_USER).toBe(app);
      const variable = natsPasswordVariable(app);
      expect(env.NATS_PASSWORD).toBe(`\${${variable}:-change-me-nats-${app}}`);
      expect(natsEnv[variable]).toBe(env.NATS_PASSWORD);
    }
  });

  it('keeps deploy/nats/nats.conf in step with the users and permissions the local stack generates', () => {
    const natsConf = readFileSync(join(__dirname, 'nats', 'nats.conf'), 'utf8');
    const users = natsUsers();
    expect(
      users
        .map((u) => u.user)
        .filter((u) => u !== 'operator')
        .sort(),
    ).toEqual([...processes].sort());
    // Regenerate: node -e "const s=require('./libs/stack/dist'); process.stdout.write(s.renderAuthorization(s.natsUsers(), u=>'$'+s.natsPasswordVariable(u)))"
    expect(natsConf).toContain(renderAuthorization(users, (user) => `$${natsPasswordVariable(user)}`));
  });

  it('runs every app in one process in the profile `small` only, with the same NATS users and database roles', () => {
    const small = compose.services[ALL_IN_ONE];
    expect(small?.command).toEqual(['node', `apps/${ALL_IN_ONE}/dist/main.js`]);
    expect(small?.profiles).toEqual(['small']);
    const env = small?.environment ?? {};
    for (const app of processes) {
      const own = compose.services[app]?.environment ?? {};
      for (const variable of ['NATS_USER', 'NATS_PASSWORD', 'DATABASE_URL']) {
        expect([`${envPrefix(app)}${variable}`, env[`${envPrefix(app)}${variable}`]]).toEqual([
          `${envPrefix(app)}${variable}`,
          own[variable],
        ]);
      }
    }
    // One metrics listener per app would collide on one port in one process.
    expect(env.METRICS_PORT).toBeUndefined();
  });

  it('keeps Postgres and NATS with JetStream in the system', () => {
    expect(compose.services.postgres).toBeDefined();
    expect(compose.services.nats?.command).toContain('-js');
  });
});

describe('deploy/Dockerfile', () => {
  it('is multi-stage and builds with the locked dependencies', () => {
    const dockerfile = readFileSync(join(__dirname, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toContain('pnpm install --frozen-lockfile');
  });
});
