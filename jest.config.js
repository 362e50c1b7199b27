/** One jest, three projects: unit specs beside the code, integration and e2e suites in test/. */
const swc = [
  '@swc/jest',
  {
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'commonjs', ignoreDynamic: true },
  },
];
const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  moduleNameMapper: { '^@contracts/(.*)$': '<rootDir>/contracts/$1' },
};

module.exports = {
  // Integration and e2e tests wait on real servers and a real browser; e2e suites run two at a time
  // on 2 cores, where a page with axe-core can take 20 s or more. A test that passes is never slowed.
  testTimeout: 90_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{backend,frontend,contracts}/**/*.spec.ts?(x)'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/integration-setup.ts',
      globalTeardown: '<rootDir>/test/support/integration-teardown.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/test/support/e2e-setup.ts',
      globalTeardown: '<rootDir>/test/support/e2e-teardown.ts',
    },
  ],
};
