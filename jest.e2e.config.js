/**
 * `npm run test:e2e`: the packed package inside the REAL n8n app (2.41.1 on Node 24, see
 * scripts/n8n/README.md) against the API simulator. Separate from jest.config.js (whose testMatch
 * is `**\/*.test.ts`): these tests boot n8n many times and take minutes.
 */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	// Installs n8n (cold: ~6 min) before any test timeout starts.
	globalSetup: '<rootDir>/test/e2e/global-setup.js',
	// Not jest's default (a folder in the system's temp folder, kept across runs).
	cacheDirectory: '<rootDir>/node_modules/.cache/jest',
	testTimeout: 10 * 60 * 1000,
	maxWorkers: 1,
};
