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
	if (f.born < act.start && f.born < f.tick) {
		// Start From asks for what was created since: un-flagged while that reading goes on, it is.
		if (r.startFrom !== undefined && f.moment > r.startFrom + 1)
			return may('there at activation (flagged duplicate), created since Start From');
		return no('its record was there at activation (flagged duplicate)');
	}
	if (f.born < f.tick) return may('back in the list (un-flagged duplicate)');
	return undefined;
}
