/**
 * Random histories for the trigger's reference model: the settings of one trigger and a list of steps.
 * A step names what happens, never a record id: ids are picked when the step runs (`pick` in [0, 1)),
 * so a history stays runnable when the shrinker deletes steps.
 */
import { mulberry32 } from '../../harness/seeded-random';

export type ModelEvent =
	| 'newReview'
	| 'reviewReplied'
	| 'messageDelivered'
	| 'messageOpened'
	| 'reviewUnanswered'
	| 'newCustomer';

export const MODEL_EVENTS: ModelEvent[] = [
	'newReview',
	'reviewReplied',
	'messageDelivered',
	'messageOpened',
	'reviewUnanswered',
	'newCustomer',
];

export interface Settings {
	event: ModelEvent;
	scope: 'one' | 'all';
	saving: 'legacy' | 'durable';
	/** Late Event Window in minutes (moment events). */
	windowMinutes: number;
	/** Max Events per Poll (used only when the node offers the option). */
	maxEvents?: number;
	/** Extra projects of the agency at activation. */
	projects: number;
	/** Start From, this many minutes before activation (§8, §9). */
	startFromMinutes?: number;
}

/** When a moment is recorded: now, at the newest second seen, late inside or outside the window. */
export type When = 'now' | 'same' | 'inside' | 'outside';

export type Mutation =
	| { kind: 'create'; count: number; old: boolean; pick: number }
	| { kind: 'remove'; pick: number }
	/** `count` records deleted at once (the oldest, or from a picked place on): the list shrinks by a page or more. */
	| { kind: 'removeMany'; count: number; oldest: boolean; pick: number }
	| { kind: 'moment'; count: number; when: When; pick: number }
	| { kind: 'withdraw'; outside: boolean; pick: number }
	| { kind: 'flag'; duplicate: boolean; pick: number }
	| { kind: 'addProject'; count: number };

export type Step =
	| Mutation
	| { kind: 'advance'; minutes: number }
	/** slowMs: every request moves n8n's clock this far (a slow service against a 5 s budget). */
	| { kind: 'poll'; slowMs: number }
	/** The poll's list requests fail from the (skip+1)-th on (500). */
	| { kind: 'pollFails'; skip: number }
	/** While the poll waits for its (at+1)-th request, `during` happens (a list changing while read). */
	| { kind: 'pollDuring'; at: number; during: Mutation; slowMs: number }
	/** Durable cursors: two polls started from one committed copy. */
	| { kind: 'pollPair' }
	| { kind: 'restart' }
	/** Activated anew with empty static data under the same workflow id, in the same process. */
	| { kind: 'reimport' }
	/** The user switches One <-> All Projects and saves: n8n re-activates (an activation poll, maybe failing). */
	| { kind: 'switchScope'; fails: boolean };

export interface History {
	seed: number;
	settings: Settings;
	steps: Step[];
}

const MOMENT_EVENTS: ModelEvent[] = ['reviewReplied', 'messageDelivered', 'messageOpened'];
export const isMomentEvent = (event: ModelEvent) => MOMENT_EVENTS.includes(event);

function weighted<T>(rnd: () => number, options: Array<[number, () => T]>): T {
	const total = options.reduce((sum, [w]) => sum + w, 0);
	let r = rnd() * total;
	for (const [w, make] of options) {
		if ((r -= w) < 0) return make();
	}
	return options[options.length - 1][1]();
}

function mutation(rnd: () => number, s: Settings): Mutation {
	const moment = isMomentEvent(s.event);
	const reviews = s.event.startsWith('review') || s.event === 'newReview';
	const pick = rnd();
	const when = (): When =>
		weighted<When>(rnd, [
			[3, () => 'now'],
			[3, () => 'same'],
			[3, () => 'inside'],
			[2, () => 'outside'],
		]);
	return weighted<Mutation>(rnd, [
		[moment ? 2 : 6, () => ({ kind: 'create', count: bulk(rnd), old: rnd() < 0.4, pick })],
		[moment ? 1 : 2, () => ({ kind: 'remove', pick })],
		[moment ? 7 : 0, () => ({ kind: 'moment', count: bulk(rnd), when: when(), pick })],
		[s.event === 'reviewReplied' || s.event === 'reviewUnanswered' ? 3 : 0, () => withdraw()],
		[reviews ? 2 : 0, () => ({ kind: 'flag', duplicate: rnd() < 0.6, pick })],
		[s.scope === 'all' ? 1 : 0.3, () => ({ kind: 'addProject', count: bulk(rnd) })],
	]);
	function withdraw(): Mutation {
		return { kind: 'withdraw', outside: rnd() < 0.5, pick };
	}
}

/** Mostly a few records, sometimes more than a page (100) at once. */
const bulk = (rnd: () => number) =>
	rnd() < 0.25 ? 101 + Math.floor(rnd() * 80) : 1 + Math.floor(rnd() * 4);

function step(rnd: () => number, s: Settings): Step {
	const slow = () => (rnd() < 0.5 ? 0 : 1_500 + Math.floor(rnd() * 1_500));
	return weighted<Step>(rnd, [
		[10, () => mutation(rnd, s)],
		[s.event === 'reviewUnanswered' ? 3 : 1, () => ({ kind: 'advance', minutes: minutes(rnd) })],
		[6, () => ({ kind: 'poll', slowMs: slow() })],
		[1, () => ({ kind: 'pollFails', skip: Math.floor(rnd() * 3) })],
		[
			3,
			() => ({
				kind: 'pollDuring',
				at: 1 + Math.floor(rnd() * 2),
				during: mutation(rnd, s),
				slowMs: slow(),
			}),
		],
		[s.saving === 'durable' ? 1.5 : 0, () => ({ kind: 'pollPair' })],
		[1.5, () => ({ kind: 'restart' })],
		[0.4, () => ({ kind: 'reimport' })],
		[0.7, () => ({ kind: 'switchScope', fails: rnd() < 0.3 })],
	]);
}

const minutes = (rnd: () => number) => [1, 5, 20, 45, 70][Math.floor(rnd() * 5)];

export function generate(seed: number, length = 18): History {
	const rnd = mulberry32(seed);
	const event = MODEL_EVENTS[Math.floor(rnd() * MODEL_EVENTS.length)];
	const settings: Settings = {
		event,
		scope: rnd() < 0.5 ? 'one' : 'all',
		saving: rnd() < 0.5 ? 'legacy' : 'durable',
		windowMinutes: [1, 3, 10][Math.floor(rnd() * 3)],
		maxEvents: rnd() < 0.5 ? [5, 20, 50][Math.floor(rnd() * 3)] : undefined,
		projects: Math.floor(rnd() * 3),
		startFromMinutes: rnd() < 0.3 ? [10, 120, 8_640][Math.floor(rnd() * 3)] : undefined,
	};
	const steps = Array.from({ length }, () => step(rnd, settings));
	return { seed, settings, steps: withBulkDeletes(seed, steps) };
}

/**
 * Bulk deletes: a list that shrinks by a page or more between two polls or while a walk reads it
 * (records deleted below the read position: a page past the start comes back empty). Drawn from a
 * stream of their own and inserted among the steps, so the other steps of a seed stay as they were.
 * Half the histories get one or two.
 */
function withBulkDeletes(seed: number, steps: Step[]): Step[] {
	const rnd = mulberry32(seed ^ 0x5bd1e995);
	const out = [...steps];
	const deletes = rnd() < 0.5 ? 0 : 1 + Math.floor(rnd() * 2);
	for (let i = 0; i < deletes; i++) {
		const removal: Mutation = {
			kind: 'removeMany',
			count: 100 + Math.floor(rnd() * 120),
			oldest: rnd() < 0.6,
			pick: rnd(),
		};
		const during = rnd() < 0.5;
		const at = 1 + Math.floor(rnd() * 2);
		out.splice(
			Math.floor(rnd() * (out.length + 1)),
			0,
			during ? { kind: 'pollDuring', at, during: removal, slowMs: 0 } : removal,
		);
	}
	return out;
}

/** One line per step, for a failure message. */
export function formatHistory(history: History): string {
	const lines = [`seed ${history.seed}: ${JSON.stringify(history.settings)}`];
	history.steps.forEach((s, i) => lines.push(`  ${i + 1}. ${JSON.stringify(s)}`));
	return lines.join('\n');
}
