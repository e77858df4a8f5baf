import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { AppError, loadConfig, ServiceEnv } from '@bindery/platform';
import { NestFactory } from '@nestjs/core';
import { IdentityModule } from '../identity.module';
import { CLI_OPTIONS, COMMANDS } from './commands';

/** Operator CLI: `node dist/cli/main.js <command> [--flags] [--json]` with identity's DATABASE_URL. */
async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: CLI_OPTIONS,
  });
  // Own keys only: `pnpm cli constructor` must be an unknown command, not Object.prototype.constructor.
  const name = positionals[0] ?? '';
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command || values.help) {
    process.stdout.write(
      `Usage: pnpm cli <command> [--json]\n\n${Object.values(COMMANDS)
        .map((c) => `  ${c.help}`)
        .join('\n')}\n`,
    );
    return command ? 0 : 2;
  }
  const { DATABASE_URL } = loadConfig(ServiceEnv);
  const app = await NestFactory.createApplicationContext(IdentityModule.forCli(DATABASE_URL), { logger: ['error'] });
  try {
    const result = await command.run(app, values);
    process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${formatHuman(result)}\n`);
    return 0;
  } catch (error) {
    const message = error instanceof AppError ? error.message : String(error);
    process.stderr.write(values.json ? `${JSON.stringify({ error: message })}\n` : `error: ${message}\n`);
    return 1;
  } finally {
    await app.close();
  }
}

function formatHuman(result: Record<string, unknown>): string {
  return Object.entries(result)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join('\n');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
