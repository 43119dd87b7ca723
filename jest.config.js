/** Tests run the nodes in n8n-core's engine against the API simulator over real HTTP on 127.0.0.1. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		// Type checking is done once by `npm run typecheck` (tsc); tests are only transpiled.
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	globalSetup: '<rootDir>/test/harness/global-setup.ts',
	globalTeardown: '<rootDir>/test/harness/global-teardown.ts',
	// Not jest's default (a folder in the system's temp folder, kept across runs).
	cacheDirectory: '<rootDir>/node_modules/.cache/jest',
	setupFiles: ['<rootDir>/test/harness/env.ts'],
	testTimeout: 60000,
	maxWorkers: 2,
};
