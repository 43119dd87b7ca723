// @ts-check
/**
 * `npm run mutate`: mutation testing (StrykerJS) of the trigger's pure modules, the list reader, the
 * key redaction, and the answer checks, list pages, paging, retries, credentials, the charge lookup
 * and the duplicate question. Not in CI (it takes long); run it before a release. Only the tests that cover a mutant
 * run against it (coverageAnalysis perTest). Scores and the survivors judged equivalent:
 * CONTRIBUTING.md, "Mutation testing".
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
import { readFileSync } from 'node:fs';

const ERRORS = 'nodes/ReviewCollection/transport/errors.ts';

/** `file:first-last` for the lines of function `name` in `file` (found anew each run, as the file changes). */
function linesOf(file, name) {
	const lines = readFileSync(file, 'utf8').split('\n');
	const first = lines.findIndex((line) => line.startsWith(`function ${name}(`));
	const last = lines.findIndex((line, i) => i > first && line === '}');
	if (first < 0 || last < 0) throw new Error(`stryker.config.mjs: no function ${name} in ${file}`);
	return `${file}:${first + 1}-${last + 1}`;
}

export default {
	testRunner: 'jest',
	coverageAnalysis: 'perTest',
	mutate: [
		'nodes/ReviewCollectionTrigger/state/cursor.ts',
		'nodes/ReviewCollectionTrigger/walk/walk.ts',
		'nodes/ReviewCollectionTrigger/walk/walk-finish.ts',
		'nodes/ReviewCollectionTrigger/emit.ts',
		'nodes/ReviewCollectionTrigger/walk/paging.ts',
		'nodes/ReviewCollectionTrigger/walk/first-look.ts',
		'nodes/ReviewCollection/transport/list-reader.ts',
		'nodes/ReviewCollection/transport/equal-values.ts',
		// The key redaction only (function `redact`): the rest of errors.ts is wording.
		linesOf(ERRORS, 'redact'),
		// Issue 42: what round 5 added or relies on, outside the trigger's walk.
		'nodes/ReviewCollection/helpers/answer-checks.ts',
		'nodes/ReviewCollection/helpers/answer-order.ts',
		'nodes/ReviewCollection/transport/list-page.ts',
		'nodes/ReviewCollection/transport/pagination.ts',
		'nodes/ReviewCollection/transport/retry.ts',
		'nodes/ReviewCollection/transport/credentials.ts',
		'nodes/ReviewCollection/actions/charge/find-recorded.ts',
		'nodes/ReviewCollectionTrigger/reading/duplicates.ts',
	],
	jest: {
		projectType: 'custom',
		// Only fast, deterministic tests that exercise these files (jest.mutate.config.js says which and
		// why): the whole suite's timing tests fail under Stryker's instrumentation and load.
		configFile: 'jest.mutate.config.js',
		// The tests load the nodes the way n8n does (by path, at run time): jest's import graph does not
		// see that they cover these files, so every test of that config takes part in the first run.
		enableFindRelatedTests: false,
	},
	// A mutant in code run when a module loads (a constant) is covered by every test: the whole suite
	// for each. Left out (reported as ignored); CONTRIBUTING.md says which and how they are checked.
	ignoreStatic: true,
	// One test process: the machine has 2 cores, and a loaded one slows the engine tests.
	concurrency: 1,
	// The first run of the covering tests (instrumented) takes a few minutes.
	dryRunTimeoutMinutes: 30,
	// A mutant's tests may take this much longer than unmutated before it counts as timed out (an
	// endless loop; about one mutant in six here): each costs this long, so 10 s, not Stryker's 5 s,
	// for a machine others may be using, and not more.
	timeoutMS: 10000,
	timeoutFactor: 2,
	reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
	htmlReporter: { fileName: '.tmp/mutation/index.html' },
	jsonReporter: { fileName: '.tmp/mutation/report.json' },
	tempDirName: '.tmp/stryker',
	// `npx stryker run --incremental` reuses the results of mutants and tests that did not change.
	incrementalFile: '.tmp/mutation/incremental.json',
	cleanTempDir: true,
};
