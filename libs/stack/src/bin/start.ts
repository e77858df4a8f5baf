import { join } from 'node:path';
import { repoRoot, SERVICES } from '../apps';
import { createDemoSite } from '../demo-site';
import { run } from '../processes';
import { LocalStack, type Topology } from '../stack';
import { superviseApps } from '../supervisor';

/**
 * `pnpm start`: the whole system on this machine. Prints where the gateway listens and, on the
 * first start against an empty database, the admin token (once). Ctrl-C stops everything.
 */
async function main(): Promise<void> {
  const stack = await LocalStack.prepare({
    dataDir: process.env.BINDERY_DATA_DIR ?? join(repoRoot(), '.data'),
    gatewayPort: Number(process.env.BINDERY_PORT ?? 8080),
    readerPort: Number(process.env.BINDERY_READER_PORT ?? 8090),
    natsPort: Number(process.env.BINDERY_NATS_PORT ?? 4222),
    postgresPort: Number(process.env.BINDERY_PG_PORT ?? 54329),
    // `pnpm start --all-in-one`: every app in one Node process (small installs); `--processes`: one per app.
    topology: topologyFromArgs(process.argv.slice(2)),
  });
  let stopping = false;
  let stopSupervising = (): void => undefined;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    stopSupervising();
    console.log('\nStopping Bindery…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  let bootstrap: { created: boolean; token?: string; email?: string; organizationId?: string };
  try {
    console.log(`Starting Postgres and NATS under ${stack.state.dataDir} …`);
    await stack.startInfrastructure();
    console.log('Running migrations …');
    await stack.migrate();
    const identity = SERVICES.find((s) => s.name === 'identity')!;
    bootstrap = JSON.parse(
      run(process.execPath, [join(repoRoot(), 'apps/identity/dist/cli/main.js'), 'bootstrap', '--json'], { env: stack.envFor(identity) }),
    ) as typeof bootstrap;
    if (bootstrap.created) {
      // Printed at once: the secret is stored hashed and can never be shown again.
      console.log(`First start: created ${bootstrap.email} with organization ${bootstrap.organizationId}.`);
      console.log(`  Admin token (shown once, keep it safe): ${bootstrap.token}`);
    }
    console.log('Starting every app …');
    await stack.startApps();
    if (bootstrap.created && bootstrap.token && bootstrap.organizationId) {
      // A new user sees a real site at once: a sample space published through the API.
      console.log('Publishing the demo site …');
      try {
        const demo = await createDemoSite({
          gatewayUrl: stack.gatewayUrl,
          readerUrl: stack.readerUrl,
          token: bootstrap.token,
          organizationId: bootstrap.organizationId,
        });
        stack.state.demoSiteUrl = demo.url;
        stack.save();
      } catch (error) {
        console.log(`  (the demo site could not be created: ${error instanceof Error ? error.message : String(error)})`);
      }
    }
  } catch (error) {
    // Leave nothing half-running behind.
    await stack.stop().catch(() => undefined);
    throw error;
  }

  console.log(`\nBindery is up${stack.state.topology === 'all-in-one' ? ' (every app in one process)' : ''}.`);
  console.log(`  Gateway:  ${stack.gatewayUrl}/v1\n  Logs:     ${join(stack.state.dataDir, 'logs')}`);
  console.log(`  Sites:    ${stack.readerUrl}/{organizationId}/{basename}`);
  if (stack.state.demoSiteUrl) console.log(`  Demo:     ${stack.state.demoSiteUrl}  (a sample space published as a site)`);
  const metrics = Object.entries(stack.state.metricsPorts).map(([app, port]) => `${app} :${port}`);
  console.log(`  Metrics:  http://127.0.0.1:<port>/metrics — ${metrics.join(', ')}`);
  if (bootstrap.created) {
    console.log(`  Auth:     Authorization: Bearer ${bootstrap.token}`);
    console.log(`\nTry: curl -H "Authorization: Bearer ${bootstrap.token}" ${stack.gatewayUrl}/v1/user`);
  } else {
    console.log('  Auth:     Authorization: Bearer <token>  (the admin token was printed on the first start;');
    console.log('            make another with: pnpm cli token:create --email <email>)');
  }
  console.log('\nPress Ctrl-C to stop.');
  stopSupervising = superviseApps(stack, (line) => console.log(line));
}

function topologyFromArgs(args: string[]): Topology | undefined {
  for (const arg of args) {
    if (arg === '--all-in-one') return 'all-in-one';
    if (arg === '--processes') return 'processes';
    throw new Error(`unknown option ${arg} (pnpm start [--all-in-one | --processes])`);
  }
  return undefined;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
