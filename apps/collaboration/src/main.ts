import 'reflect-metadata';
import { loadConfig, runMain } from '@bindery/platform';
import { startService } from '@bindery/platform/nest';
import { CollaborationEnv } from './config/collaboration.env';
import { CollaborationModule } from './collaboration.module';

runMain(async () => {
  const env = loadConfig(CollaborationEnv);
  await startService({ name: 'collaboration', module: CollaborationModule.forService(env), nats: env });
});
