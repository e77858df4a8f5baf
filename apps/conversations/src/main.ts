import 'reflect-metadata';
import { loadConfig, runMain } from '@bindery/platform';
import { startService } from '@bindery/platform/nest';
import { ConversationsEnv } from './config/conversations.env';
import { ConversationsModule } from './conversations.module';

runMain(async () => {
  const env = loadConfig(ConversationsEnv);
  await startService({ name: 'conversations', module: ConversationsModule.forService(env), nats: env });
});
