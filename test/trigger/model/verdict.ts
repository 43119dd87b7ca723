/**
 * The reference model's rules, in the order they apply: for one occurrence, must fire exactly once,
 * must not fire, or may fire (at most once), with the rule that decided. The rules every event shares
 * are here (scope, activation, Start From, new projects, withdrawals); those of one event family are
 * in rules-appearance.ts (New Review, New Customer), rules-moment.ts (moment events, and the reply
 * deadline of Review Unanswered) and rules-unanswered.ts (Review Unanswered).
 */
import type { Epoch, Fact, Poll, Recorded, Ruling } from './facts';
import { may, no } from './facts';
import { appearanceRule } from './rules-appearance';
import { lateMomentRule, momentAtActivationRule } from './rules-moment';
import { unansweredRule } from './rules-unanswered';

export function verdictOf(r: Recorded, f: Fact): Ruling {
	const epoch = r.epochs[f.epoch];
	const act = epoch.activation;
	if (epoch.scope === 'one' && f.project !== r.watched) return no('another project (One Project)');
	if (!act) return no('no successful poll in this scope');
	if (f.tick < act.start) return beforeActivation(r, f, epoch, act);
	if (f.tick <= act.end) return may('appeared while the activation poll read');
	return (
		appearanceRule(r, f, act) ??
		momentAtActivationRule(r, f, act) ??
		unansweredRule(r, f) ??
		newProjectRule(r, f, epoch, act) ??
		lateMomentRule(r, f) ??
		rest(r, f, 'happened after activation')
	);
}

/** There before the poll that activated its scope: silent, but for Start From and lost states. */
function beforeActivation(r: Recorded, f: Fact, epoch: Epoch, act: Poll): Ruling {
	if (epoch.oldStateFrom !== undefined && f.tick > epoch.oldStateFrom)
		return may('after the state a restart handed back from before a switch and back (§9 limit)');
	if (f.reappeared !== undefined && f.reappeared > act.start)
		return may('there at activation, withdrawn, and back again');
	if (epoch.lostFrom !== undefined && f.tick > epoch.lostFrom)
		return may('between an activation default saving lost and the next');
	if (r.startFrom === undefined || f.moment < r.startFrom - 1) return no('there at activation');
	if (f.moment <= r.startFrom + 1) return may('at Start From, to the second');
	// §9 "silent (or delivers Start From once)" after a switch: again, or only once ever? Open.
	if (epoch.switched) return may('since Start From, there at a scope switch');
	if (r.settings.event === 'reviewUnanswered') return may('due since Start From');
	return rest(r, f, 'since Start From, there at activation');
}

/** All Projects: a project first read after activation, and what default saving loses of it (§9). */
function newProjectRule(r: Recorded, f: Fact, epoch: Epoch, act: Poll): Ruling | undefined {
	const created = r.projectCreated.get(f.project);
	const read = epoch.firstRead.get(f.project);
	const unread = read === undefined || f.tick < read;
	if (epoch.scope === 'all' && created && created.tick > act.start && unread)
		return may('there when a poll first saw its new project');
	if (epoch.scope === 'all' && unread && f.moment < act.startSec - 1)
		return may('old date, in a project the activation poll did not reach');
	if (f.savingLimit) return may('old date, new project, restart before a save (§9 limit)');
	return undefined;
}

/** What can still excuse an occurrence that must fire: withdrawn, or its scope left too soon. */
function rest(r: Recorded, f: Fact, why: string): Ruling {
	const epoch = r.epochs[f.epoch];
	if (f.reappeared !== undefined) return may('withdrawn and back again');
	if (f.withdrawn !== undefined && !(f.emits[0] < f.withdrawn))
		return may('withdrawn before it fired');
	if (epoch.ended !== undefined && !f.emits.length) {
		const chance = r.drained.some((p) => p.start > f.tick && p.end < epoch.ended!);
		if (!chance) return may('its scope was switched away before a full poll');
	}
	return { verdict: 'must', why };
}
