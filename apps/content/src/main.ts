import 'reflect-metadata';
import { loadConfig, runMain } from '@bindery/platform';
import { startService } from '@bindery/platform/nest';
import { ContentEnv } from './config/content.env';
import { ContentModule } from './content.module';

runMain(async () => {
  const env = loadConfig(ContentEnv);
  await startService({ name: 'content', module: ContentModule.forService(env), nats: env });
});
