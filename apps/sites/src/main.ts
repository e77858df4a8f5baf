import 'reflect-metadata';
import { loadConfig, runMain } from '@bindery/platform';
import { startService } from '@bindery/platform/nest';
import { SitesEnv } from './config/sites.env';
import { SitesModule } from './sites.module';

runMain(async () => {
  const env = loadConfig(SitesEnv);
  await startService({ name: 'sites', module: SitesModule.forService(env), nats: env });
});
