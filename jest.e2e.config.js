/**
 * `npm run test:e2e`: the packed package inside the REAL n8n app against the API simulator, on
 * every n8n line the README promises (see "Compatibility"): one jest project per line, each with
 * its own n8n install (scripts/n8n/install.sh; N8N_APP_VERSION picks the line). Separate from
 * jest.config.js (whose testMatch is `**\/*.test.ts`): these tests boot n8n many times and take
 * minutes. One line only: `--selectProjects "n8n 1.123.81"`.
 */
const LINES = [
	// The current line: everything, including the editor in a browser and queue mode.
	{ version: '2.41.1', testMatch: ['**/*.e2e.ts'] },
	// The 1.x line (still patched): the workflows a user runs, the package loading, the active trigger,
	// Diagnostics (Check Service; Explain Trigger through n8n's public API).
	// Not the approval example: n8n 1.x signs no form link and resumes a form submitted twice at once
	// twice (docs/compatibility.md); not the editor, queue mode or durable cursors (2.x only here).
	{
		version: '1.123.81',
		testMatch: [
			'**/examples.e2e.ts',
			'**/ai-agent.e2e.ts',
			'**/compatibility.e2e.ts',
			'**/digest.e2e.ts',
			'**/escalate.e2e.ts',
			'**/mcp.e2e.ts',
			'**/diagnostics.e2e.ts',
		],
	},
];

module.exports = {
	projects: LINES.map(({ version, testMatch }) => ({
		displayName: `n8n ${version}`,
		rootDir: __dirname,
		testEnvironment: 'node',
		roots: ['<rootDir>/test/e2e'],
		testMatch,
		transform: {
			'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
		},
		// Read by global-setup.js and, in each test file, by support/n8n-line.js.
		globals: { N8N_APP_VERSION: version },
		// Installs this line's n8n (cold: ~6 min) before any test timeout starts.
		globalSetup: '<rootDir>/test/e2e/global-setup.js',
		setupFiles: ['<rootDir>/test/e2e/support/n8n-line.js'],
		// Not jest's default (a folder in the system's temp folder, kept across runs).
		cacheDirectory: '<rootDir>/node_modules/.cache/jest',
	})),
	testTimeout: 10 * 60 * 1000,
	maxWorkers: 1,
};
