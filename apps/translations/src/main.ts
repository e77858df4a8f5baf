import 'reflect-metadata';
import { loadConfig, runMain } from '@bindery/platform';
import { startService } from '@bindery/platform/nest';
import { TranslationsEnv } from './config/translations.env';
import { TranslationsModule } from './translations.module';

runMain(async () => {
  const env = loadConfig(TranslationsEnv);
  await startService({ name: 'translations', module: TranslationsModule.forService(env), nats: env });
});
