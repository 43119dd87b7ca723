/** jest setupFiles: runs in every test file before its modules load (globalSetup env is inherited, but be safe). */
import { setSafeRegexEngine } from 'n8n-workflow';

import { applyTestEnvironment } from './test-environment';

applyTestEnvironment();

/*
 * n8n checks parameter patterns (a locator's "By ID" regex) in a vm sandbox with a 250 ms limit, a guard
 * against catastrophic patterns in user input. Two jest workers on a loaded 2-core machine can stall a
 * trivial check past that limit, which failed runs at random. Our patterns are fixed and linear, so
 * tests use the plain engine.
 */
setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(
			input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`)),
		),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});
