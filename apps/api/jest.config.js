/** API tests: e2e against a real Postgres (a fresh database per test file) and unit specs beside pure logic. */
const swc = { ...require('./test/utils/swc-options.cjs'), sourceMaps: 'inline' };

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts', '<rootDir>/src/**/*.spec.ts', '<rootDir>/../../libs/contracts/src/**/*.spec.ts'],
  roots: ['<rootDir>', '<rootDir>/../../libs/contracts/src'],
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: { '^@kasuwa/contracts$': '<rootDir>/../../libs/contracts/src/index.ts' },
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  maxWorkers: process.env.JEST_WORKERS ? Number(process.env.JEST_WORKERS) : 2,
  testTimeout: 60000,
};
