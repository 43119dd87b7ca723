/**
 * The tests `npm run mutate` (StrykerJS, stryker.config.mjs) runs against each mutant: the pure tests of
 * the mutated files, no engine, no HTTP. `npm test` does not use this file (jest.config.js).
 *
 * Left out: every test that runs the nodes in n8n's engine. Some are timing-sensitive (a timeout, a
 * hang, a poll's budget or wall clock: failures, poll-budget, restarts, …) and failed the first run
 * under Stryker's instrumentation and load; all of them load n8n for each mutant, which on a machine
 * shared with other work made a run take hours. The property tests drive the same walk, first look and
 * list reader through generated interleavings; the unit tests reach what they reach only in passing.
 */
const base = require('./jest.config.js');

// Fewer generated cases than `npm test` runs: a surviving mutant runs every test that covers it, and
// the property tests are the longest of them. Most mutants fail within the first few cases.
process.env.CURSOR_PROPERTY_CASES ??= '100';
process.env.LIST_READER_RUNS ??= '100';

module.exports = {
	...base,
	testMatch: [
		// The walk, cursor, first look and paging over generated histories; the stored cursor; the
		// pieces the property test reaches only in passing (emit.ts, page shapes, order checks).
		'<rootDir>/test/trigger/cursor-property.test.ts',
		'<rootDir>/test/trigger/walk-units.test.ts',
		'<rootDir>/test/trigger/mutation-units.test.ts',
		// The first look and the cursor it stores, rule by rule on hand-built answers.
		'<rootDir>/test/trigger/first-look-units.test.ts',
		'<rootDir>/test/trigger/first-look-cursor.test.ts',
		// The end of a walk (the records and the cursor), on walks built from hand-built answers.
		'<rootDir>/test/trigger/walk-finish-units.test.ts',
		'<rootDir>/test/trigger/walk-finish-since.test.ts',
		// The cursor's, the walk's and the list reader's rules one by one (what the property tests reach
		// only in passing).
		'<rootDir>/test/trigger/cursor-units.test.ts',
		'<rootDir>/test/trigger/walk-probe.test.ts',
		'<rootDir>/test/trigger/walk-ascending.test.ts',
		// The list reader over generated histories.
		'<rootDir>/test/transport/list-reader-property.test.ts',
		'<rootDir>/test/transport/list-reader-units.test.ts',
		'<rootDir>/test/transport/list-reader-budget.test.ts',
		// The key redaction (secrets.test.ts checks it end to end in the engine).
		'<rootDir>/test/transport/redaction.test.ts',
		// Issue 42, each on stubs (the engine tests of the same behaviours name them): the answer checks,
		// list pages, paging, retries, credentials, the charge lookup, the duplicate question.
		'<rootDir>/test/helpers/answer-checks-units.test.ts',
		'<rootDir>/test/transport/list-page-units.test.ts',
		'<rootDir>/test/transport/pagination-units.test.ts',
		'<rootDir>/test/transport/retry-policy.test.ts',
		'<rootDir>/test/transport/credentials-units.test.ts',
		'<rootDir>/test/actions/charge/find-recorded-units.test.ts',
		'<rootDir>/test/trigger/duplicates-units.test.ts',
		'<rootDir>/test/trigger/direction-check-units.test.ts',
	],
	// Not in node_modules (shared, read-only here) nor in the system's temp folder.
	cacheDirectory: '<rootDir>/.tmp/jest-cache',
	maxWorkers: 1,
};
