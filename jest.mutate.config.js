/**
 * The tests `npm run mutate` (StrykerJS, stryker.config.mjs) runs against each mutant: fast, deterministic
 * ones that exercise the mutated files. `npm test` does not use this file (jest.config.js).
 *
 * Left out: the timing tests of the engine (a timeout, a hang, a poll's budget or wall clock:
 * failures, poll-budget, restarts, scope-switches, agency-parallel, …), which fail under Stryker's
 * instrumentation and load; the model test (model.test.ts, 100 s) and the other engine tests, slow
 * for each surviving mutant (a machine shared with other work made a run of them take hours). The
 * property tests drive the same walk through generated interleavings.
 */
const base = require('./jest.config.js');

// Fewer generated cases than `npm test` runs: a surviving mutant runs every test that covers it, and
// the property tests are the longest of them. Most mutants fail within the first few cases.
process.env.CURSOR_PROPERTY_CASES ??= '100';
process.env.LIST_READER_RUNS ??= '100';

module.exports = {
	...base,
	testMatch: [
		// Pure: the walk, cursor, first look and paging over generated histories; the stored cursor;
		// the pieces the property test reaches only in passing.
		'<rootDir>/test/trigger/cursor-property.test.ts',
		'<rootDir>/test/trigger/walk-units.test.ts',
		'<rootDir>/test/trigger/mutation-units.test.ts',
		// Pure: the list reader over generated histories.
		'<rootDir>/test/transport/list-reader-property.test.ts',
		// The key redaction on its own, and through every operation's error paths.
		'<rootDir>/test/transport/redaction.test.ts',
		'<rootDir>/test/actions/every-operation/secrets.test.ts',
		// The trigger in n8n's engine, none timing-sensitive: races within a multi-page walk (exact, by
		// the simulator's hook), Simplify and Max Events per Poll (emit.ts, the walk cut at a key), and
		// the first look's shifts.
		'<rootDir>/test/trigger/walk-races.test.ts',
		'<rootDir>/test/trigger/simplify.test.ts',
		'<rootDir>/test/trigger/defects/{max-events-per-poll,first-look-shift}.test.ts',
	],
	// Not in node_modules (shared, read-only here) nor in the system's temp folder.
	cacheDirectory: '<rootDir>/.tmp/jest-cache',
	maxWorkers: 1,
};
