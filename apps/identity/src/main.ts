import 'reflect-metadata';
import { loadConfig, runMain, startService } from '@bindery/platform';
import { IdentityEnv } from './config/identity.env';
import { IdentityModule } from './identity.module';

runMain(async () => {
  const env = loadConfig(IdentityEnv);
  await startService({ name: 'identity', module: IdentityModule.forService(env), natsUrl: env.NATS_URL });
});
