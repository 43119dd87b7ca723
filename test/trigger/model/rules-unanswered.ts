/**
 * The rules of Review Unanswered (contract §7, §9): a review fires when its reply deadline passes while
 * it is unanswered; the trigger knows an import (due already when it appeared) by its id.
 */
import type { Fact, Recorded, Ruling } from './facts';
import { may, no } from './facts';

export function unansweredRule(r: Recorded, f: Fact): Ruling | undefined {
	if (r.settings.event !== 'reviewUnanswered') return undefined;
	// Listed late (the late-joins dialect) with its deadline passed: §9's import is "its id above every id
	// a poll has seen"; a review listed after newer ones is not one, a review listed last may be.
	if (f.imported && f.createdUnlisted !== undefined)
		return may('listed late, its deadline passed by then (an import only if no newer id was seen)');
	if (f.imported) return no('imported with its deadline passed (§9)');
	if (f.notFresh) return may('unanswered again after its deadline');
	// The trigger knows an import by its id: one no full poll saw before its deadline looks like one (§9).
	const saw = r.drained.filter((p) => p.start > f.born && p.end < f.tick);
	if (saw.length === 0) return may('no poll saw the review before its deadline');
	if (saw.every((p) => r.unsaved.has(p)))
		return may('only polls a restart lost saw it before its deadline (default saving, §9 limit)');
	if (r.polls.some((p) => p.startSec <= f.moment && f.moment <= p.endSec))
		return may('its deadline passed while a poll ran');
	return undefined;
}
