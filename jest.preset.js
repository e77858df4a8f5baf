// Shared jest setup: SWC compiles TypeScript (with legacy decorators and their metadata) to CommonJS.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
module.exports = {
  testEnvironment: 'node',
  setupFiles: [require('node:path').join(__dirname, 'jest.fast-check.js')],
  transform: { '^.+\\.ts$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
};
