import 'reflect-metadata';
import { loadConfig, runMain } from '@bindery/platform';
import { startService } from '@bindery/platform/nest';
import { GitSyncEnv } from './config/git-sync.env';
import { GitSyncModule } from './git-sync.module';

runMain(async () => {
  const env = loadConfig(GitSyncEnv);
  await startService({ name: 'git-sync', module: GitSyncModule.forService(env), nats: env });
});
