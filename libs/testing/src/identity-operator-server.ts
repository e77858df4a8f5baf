import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { appEntry, SERVICES } from '@bindery/stack';
import type { INestApplicationContext } from '@nestjs/common';

/**
 * Test-only: identity's operator CLI commands, run in one long-lived process for the whole e2e run.
 * Each CLI process boots Node, Nest and TypeORM (1.5-3 s of CPU) to create one user; the suite
 * creates a few hundred, so `identityCli` posts the same arguments here instead. The commands and
 * their flags are the CLI's own (`COMMANDS`, `CLI_OPTIONS` from identity's dist), and operator-cli's
 * spec still runs the real CLI process. Listens on 127.0.0.1:$OPERATOR_PORT with identity's environment.
 */
type Flags = Record<string, string | boolean | undefined>;
interface CliModule {
  COMMANDS: Record<string, { run: (app: INestApplicationContext, flags: Flags) => Promise<Record<string, unknown>> }>;
  CLI_OPTIONS: Record<string, { type: 'boolean' | 'string' }>;
}

async function main(): Promise<void> {
  const identity = SERVICES.find((s) => s.name === 'identity')!;
  // Identity's build and its own copies of Nest and the platform kit, loaded by path (no package dependency).
  const fromIdentity = (name: string): string => require.resolve(name, { paths: [appEntry(identity)] });
  /* eslint-disable @typescript-eslint/no-require-imports */
  require(fromIdentity('reflect-metadata'));
  const { COMMANDS, CLI_OPTIONS } = require(appEntry(identity, 'cli/commands.js')) as CliModule;
  const { IdentityModule } = require(appEntry(identity, 'identity.module.js')) as {
    IdentityModule: { forCli(url: string): unknown };
  };
  const { AppError } = require(fromIdentity('@bindery/platform')) as { AppError: new (...args: never[]) => Error };
  const { NestFactory } = require(fromIdentity('@nestjs/core')) as {
    NestFactory: { createApplicationContext(module: unknown, options: object): Promise<INestApplicationContext> };
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const app = await NestFactory.createApplicationContext(IdentityModule.forCli(process.env.DATABASE_URL!), {
    logger: ['error'],
  });

  const execute = async (args: string[]): Promise<{ status: number; body: unknown }> => {
    try {
      const { positionals, values } = parseArgs({ args, allowPositionals: true, strict: true, options: CLI_OPTIONS });
      const name = positionals[0] ?? '';
      if (!Object.hasOwn(COMMANDS, name)) return { status: 400, body: { error: `unknown command ${name}` } };
      return { status: 200, body: await COMMANDS[name].run(app, values) };
    } catch (error) {
      // The CLI's own wording: an AppError's message, anything else as a string.
      return { status: 400, body: { error: error instanceof AppError ? error.message : String(error) } };
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const { status, body } = await execute((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { args: string[] }).args);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      })();
    });
  });
  // Never close an idle kept-alive connection: fetch may be sending on it at that very moment
  // ("other side closed"); the client closes idle ones itself after a few seconds.
  server.keepAliveTimeout = 0;
  server.listen(Number(process.env.OPERATOR_PORT), '127.0.0.1');
  const stop = () => server.close(() => void app.close().then(() => process.exit(0)));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
