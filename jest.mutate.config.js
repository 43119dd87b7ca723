/**
 * The tests `npm run mutate` (StrykerJS, stryker.config.mjs) runs against each mutant: fast, deterministic
 * ones that exercise the mutated files. `npm test` does not use this file (jest.config.js).
 *
 * Left out: the timing tests of the engine (a timeout, a hang, a poll's budget or wall clock:
 * failures, poll-budget, restarts, scope-switches, agency-parallel, …), which fail under Stryker's
 * instrumentation and load, and the model test (model.test.ts, 100 s: each surviving mutant would pay
 * it). The property tests cover the same walk through generated interleavings.
 */
const base = require('./jest.config.js');

module.exports = {
	...base,
	testMatch: [
		// Pure: the walk, cursor, first look and paging over generated histories; the stored cursor.
		'<rootDir>/test/trigger/cursor-property.test.ts',
		'<rootDir>/test/trigger/walk-units.test.ts',
		'<rootDir>/test/trigger/mutation-units.test.ts',
		// Pure: the list reader over generated histories.
		'<rootDir>/test/transport/list-reader-property.test.ts',
		'<rootDir>/test/transport/list-reader-units.test.ts',
		// The key redaction, through every operation's error paths.
		'<rootDir>/test/actions/every-operation/secrets.test.ts',
		'<rootDir>/test/transport/redaction.test.ts',
		// The trigger in n8n's engine, none timing-sensitive: races within a walk (exact, by hook), the
		// events, exactly-once, Simplify and Max Events per Poll (emit.ts), the first look's shifts, an
		// agency's projects, late moments and the service dialects.
		'<rootDir>/test/trigger/walk-races.test.ts',
		'<rootDir>/test/trigger/events.test.ts',
		'<rootDir>/test/trigger/exactly-once.test.ts',
		'<rootDir>/test/trigger/simplify.test.ts',
		'<rootDir>/test/trigger/agency-scope.test.ts',
		'<rootDir>/test/trigger/late-moments.test.ts',
		'<rootDir>/test/trigger/defects/{max-events-per-poll,first-look-shift,late-window-many,late-during-backlog,moment-during-read,unanswered-due-backlog}.test.ts',
		'<rootDir>/test/trigger/dialects/*.test.ts',
	],
	// Not in node_modules (shared, read-only here) nor in the system's temp folder.
	cacheDirectory: '<rootDir>/.tmp/jest-cache',
	maxWorkers: 1,
};
