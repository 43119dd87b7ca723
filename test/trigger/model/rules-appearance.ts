/**
 * The rules of the appearance events, New Review and New Customer (contract §7): a record fires when it
 * first appears in the list; one that was there before (a review flagged duplicate, then un-flagged)
 * does not.
 */
import type { Fact, Poll, Recorded, Ruling } from './facts';
import { may, no } from './facts';

export function appearanceRule(r: Recorded, f: Fact, act: Poll): Ruling | undefined {
	const appearance = r.settings.event === 'newReview' || r.settings.event === 'newCustomer';
	if (!appearance) return undefined;
	// Listed late (§11): created before the trigger first read its project, listed after (the first
	// look keeps only the newest ids: docs/trigger.md, Accepted limits). After that it must fire, as
	// every late one here is listed seconds late, within any Late Event Window of the model.
	const firstRead = r.epochs[f.epoch].firstRead.get(f.project) ?? act.start;
	if (f.createdUnlisted !== undefined && f.createdUnlisted < firstRead)
		return may('created before its project was first read, listed after it (§11 limit)');
	// A walk its budget cut short moves the floor up to what it read (no reading in circles).
	const created = f.createdUnlisted;
	if (created !== undefined && r.pressed.some((p) => p.end > created && p.start < f.tick))
		return may('listed late after a poll its budget may have cut short (§11 limit)');
	// The idle check of a busy window compares the list's size: a late one and a removal may cancel out.
	const cancelOut = r.removals.some((w) => w.project === f.project && w.interval === f.interval);
	if (f.createdUnlisted !== undefined && cancelOut)
		return may('listed late, with a record removed between the same two polls (§11 limit)');
	if (f.born < act.start && f.born < f.tick) {
		// Start From asks for what was created since: un-flagged while that reading goes on, it is.
		if (r.startFrom !== undefined && f.moment > r.startFrom + 1)
			return may('there at activation (flagged duplicate), created since Start From');
		return no('its record was there at activation (flagged duplicate)');
	}
	if (f.born < f.tick) return may('back in the list (un-flagged duplicate)');
	return undefined;
}
