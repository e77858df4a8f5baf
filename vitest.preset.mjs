// Shared vitest setup of the service-alone tier (`test/int/*.int-spec.ts` in each service).
// Vitest loads ESM, so NestJS 12 loads as it does in production; SWC compiles TypeScript with
// legacy decorators and their metadata (esbuild, vite's default, emits no metadata, and Nest's
// dependency injection needs it).
import { createRequire } from 'node:module';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export function serviceAloneConfig() {
  return defineConfig({
    plugins: [
      swc.vite({
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'es6' },
      }),
    ],
    // The workspace libraries are CommonJS builds: Node loads them as production does.
    server: { deps: { external: [/\/libs\/[^/]+\/dist\//] } },
    test: {
      include: ['test/int/**/*.int-spec.ts'],
      globalSetup: [require.resolve('@bindery/testing/service-alone-setup', { paths: [process.cwd()] })],
      // Each file boots its service in its own process; two at a time keep a shared machine usable.
      pool: 'forks',
      poolOptions: { forks: { maxForks: 2, minForks: 1 } },
      env: { LOG_LEVEL: 'warn' },
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  });
}
