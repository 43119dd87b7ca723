import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Operation } from './router';

/**
 * Concurrency ("Request Options → Concurrency"). Only the operations listed here may run several items
 * at once; every other operation always runs its items one after another, in input order, whatever the
 * option says. A listed operation names a *lane* per item: items in the same lane still run one after
 * another in input order (their effect depends on order), items in different lanes may overlap.
 *
 * - Reads (get, getAll, customer sub-lists, getKey): no lane, order cannot matter.
 * - Creates that find-or-create a customer by email/phone (review, customer, charge, ask): lane = that
 *   email (else phone), so two items for the same customer never race to create it twice.
 * - Changes and deletes of one review, customer, charge or message: lane = the record's ID, so
 *   e.g. two `setTags` of review 7 apply in input order, while different reviews are changed at once.
 * - Never concurrent (not listed): everything on projects and client users (agency API: create,
 *   duplicate, delete, rotateKey, overrides, suspend/unsuspend, invites), sources (create/update/delete
 *   derive slugs from names and re-send the current sprite), share templates, and createShareImage.
 */
export type Lane = (ctx: IExecuteFunctions, itemIndex: number) => string | undefined;

export const anyOrder: Lane = () => undefined;
const byParameter =
	(...names: string[]): Lane =>
	(ctx, itemIndex) => {
		for (const name of names) {
			const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
			const text = String(value ?? '')
				.trim()
				.toLowerCase();
			if (text !== '') return `${name}:${text}`;
		}
		return undefined;
	};
const byRecord = (name: string): Lane => byParameter(name);

/** Email or phone of a collection (`additionalFields`) or of top-level parameters. */
const byCustomerIn =
	(collection?: string): Lane =>
	(ctx, itemIndex) => {
		if (!collection) return byParameter('email', 'phone')(ctx, itemIndex);
		const fields = ctx.getNodeParameter(collection, itemIndex, {}) as Record<string, unknown>;
		for (const name of ['email', 'phone']) {
			const text = String(fields[name] ?? '')
				.trim()
				.toLowerCase();
			if (text !== '') return `${name}:${text}`;
		}
		return undefined;
	};

export const CONCURRENT_OPERATIONS: Record<string, Record<string, Lane>> = {
	review: {
		getAll: anyOrder,
		create: byCustomerIn('additionalFields'),
		delete: byRecord('reviewId'),
		setLocation: byRecord('reviewId'),
		setSource: byRecord('reviewId'),
		flagHidden: byRecord('reviewId'),
		flagDuplicate: byRecord('reviewId'),
		markReplied: byRecord('reviewId'),
		reply: byRecord('reviewId'),
		setTags: byRecord('reviewId'),
	},
	customer: {
		getAll: anyOrder,
		get: anyOrder,
		getCharges: anyOrder,
		getMessages: anyOrder,
		getReviews: anyOrder,
		create: byCustomerIn('additionalFields'),
		delete: byRecord('customerId'),
		archive: byRecord('customerId'),
		unarchive: byRecord('customerId'),
		setPhoto: byRecord('customerId'),
		setNotes: byRecord('customerId'),
		unsubscribe: byRecord('customerId'),
		resubscribe: byRecord('customerId'),
		cancelUnsentMessages: byRecord('customerId'),
		setTags: byRecord('customerId'),
	},
	charge: {
		getAll: anyOrder,
		create: byCustomerIn('additionalFields'),
		delete: byRecord('chargeId'),
	},
	message: { getAll: anyOrder, delete: byRecord('messageId') },
	source: { getAll: anyOrder },
	shareTemplate: { getAll: anyOrder },
	ask: { create: byCustomerIn() },
	project: { getAll: anyOrder, getKey: anyOrder },
	client: { getAll: anyOrder },
};

/** The option is read once, from the first item: one execution has one degree of concurrency. */
export function concurrencyOf(ctx: IExecuteFunctions, itemCount: number): number {
	if (itemCount < 2) return 1;
	const options = ctx.getNodeParameter('requestOptions', 0, {}) as { concurrency?: number };
	const value = Math.floor(Number(options.concurrency ?? 1));
	return Number.isFinite(value) ? Math.max(1, Math.min(value, 50, itemCount)) : 1;
}

export type Outcome = { results: INodeExecutionData[] } | { error: unknown };

/**
 * Runs every item, up to `limit` at once (1 = one after another); items of one lane wait for the
 * previous item of that lane. Outcomes come back by input position. Without "Continue On Fail" the first
 * failure stops new items from starting; items already in flight finish.
 */
export async function runItems(
	ctx: IExecuteFunctions,
	operation: Operation,
	itemCount: number,
	limit: number,
	laneOf: Lane,
): Promise<Array<Outcome | undefined>> {
	const outcomes: Array<Outcome | undefined> = new Array(itemCount);
	const laneTails = new Map<string, Promise<unknown>>();
	const continueOnFail = ctx.continueOnFail();
	let next = 0;
	let stopped = false;

	const runItem = async (itemIndex: number): Promise<void> => {
		let lane: string | undefined;
		try {
			lane = laneOf(ctx, itemIndex);
		} catch {
			// The operation reads the same parameter and reports the problem itself.
			lane = undefined;
		}
		const previous = lane === undefined ? undefined : laneTails.get(lane);
		const done = (async () => {
			// An item already taken from the queue runs even after a failure elsewhere, like an in-flight one.
			if (previous) await previous;
			try {
				outcomes[itemIndex] = { results: await operation.execute.call(ctx, itemIndex) };
			} catch (error) {
				outcomes[itemIndex] = { error };
				if (!continueOnFail) stopped = true;
			}
		})();
		if (lane !== undefined) laneTails.set(lane, done);
		await done;
	};
	const worker = async (): Promise<void> => {
		while (!stopped && next < itemCount) await runItem(next++);
	};
	await Promise.all(Array.from({ length: limit }, worker));

	return outcomes;
}
