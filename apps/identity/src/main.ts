import 'reflect-metadata';
import { loadConfig, runMain } from '@bindery/platform';
import { startService } from '@bindery/platform/nest';
import { IdentityEnv } from './config/identity.env';
import { IdentityModule } from './identity.module';

runMain(async () => {
  const env = loadConfig(IdentityEnv);
  await startService({ name: 'identity', module: IdentityModule.forService(env), nats: env });
});
