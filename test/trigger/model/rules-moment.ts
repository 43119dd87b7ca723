/**
 * The rules of the moment events (Review Replied, Message Delivered, Message Opened: contract §7, §8's
 * Late Event Window, §9), and of the one rule Review Unanswered shares with them: a moment (its reply
 * deadline) at or before activation.
 */
import type { Fact, Poll, Recorded, Ruling } from './facts';
import { may, no } from './facts';
import { isMomentEvent } from './history';

/** A moment from before activation, or at it, to the second. */
export function momentAtActivationRule(r: Recorded, f: Fact, act: Poll): Ruling | undefined {
	const event = r.settings.event;
	const moment = isMomentEvent(event) || event === 'reviewUnanswered';
	if (!moment) return undefined;
	if (f.moment < act.startSec - 1) {
		// §7 says it never fires; §8's window says a late one fires: the contract leaves it open.
		const window = r.settings.windowMinutes * 60;
		const newest = Math.max(f.newestListed, act.startSec);
		if (isMomentEvent(event) && f.moment >= newest - window - 2)
			return may(
				'late within the window of activation or the newest moment, but before activation',
			);
		if (r.startFrom !== undefined && f.moment >= r.startFrom - 1)
			return may('reported after activation, its moment since Start From');
		return no('its moment is before activation');
	}
	if (f.moment <= act.endSec + 1) return may('its moment is at activation');
	return undefined;
}

/** A moment reported late: outside the Late Event Window, or inside it with a withdrawal (§9). */
export function lateMomentRule(r: Recorded, f: Fact): Ruling | undefined {
	if (!isMomentEvent(r.settings.event)) return undefined;
	const window = r.settings.windowMinutes * 60;
	if (f.moment < f.newestBefore - window + 2) return may('late, outside the Late Event Window');
	const cancelOut = r.withdrawals.some((w) => w.project === f.project && w.interval === f.interval);
	if (f.moment < f.newestBefore && cancelOut)
		return may('late, with a withdrawal in its window (§9)');
	return undefined;
}
