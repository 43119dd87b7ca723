import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { operationsByResource } from './resources';

/** One operation file: its parameters and what it does for one input item. */
export interface Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
}

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
type Lane = (ctx: IExecuteFunctions, itemIndex: number) => string | undefined;

const anyOrder: Lane = () => undefined;
const byParameter =
	(...names: string[]): Lane =>
	(ctx, itemIndex) => {
		for (const name of names) {
			const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
			const text = String(value ?? '').trim().toLowerCase();
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
			const text = String(fields[name] ?? '').trim().toLowerCase();
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
	charge: { getAll: anyOrder, create: byCustomerIn('additionalFields'), delete: byRecord('chargeId') },
	message: { getAll: anyOrder, delete: byRecord('messageId') },
	source: { getAll: anyOrder },
	shareTemplate: { getAll: anyOrder },
	ask: { create: byCustomerIn() },
	project: { getAll: anyOrder, getKey: anyOrder },
	client: { getAll: anyOrder },
};

/** Runs the chosen operation once per input item; every output item is paired with its input. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = operationsByResource[resource]?.[operationName];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of resource "${resource}" is not known`,
		);
	}
	const lane = CONCURRENT_OPERATIONS[resource]?.[operationName] as Lane | undefined;
	const concurrency = lane ? concurrencyOf(this, items.length) : 1;
	if (concurrency > 1) {
		return [await runConcurrently(this, operation, items.length, concurrency, lane!)];
	}

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const results = await operation.execute.call(this, itemIndex);
			for (const result of results) output.push({ ...result, pairedItem: { item: itemIndex } });
		} catch (error) {
			if (this.continueOnFail()) {
				output.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
				continue;
			}
			throw withItemIndex(this, error, itemIndex);
		}
	}
	return [output];
}

/** The option is read once, from the first item: one execution has one degree of concurrency. */
function concurrencyOf(ctx: IExecuteFunctions, itemCount: number): number {
	if (itemCount < 2) return 1;
	const options = ctx.getNodeParameter('requestOptions', 0, {}) as { concurrency?: number };
	const value = Math.floor(Number(options.concurrency ?? 1));
	return Number.isFinite(value) ? Math.max(1, Math.min(value, 50, itemCount)) : 1;
}

type Outcome = { results: INodeExecutionData[] } | { error: unknown };

/**
 * Up to `limit` items in flight; items of one lane wait for the previous item of that lane. Output
 * keeps input order. Without "Continue On Fail" the first failure stops new items from starting, the
 * items already in flight finish, and the error of the lowest failing item is thrown (as sequentially).
 */
async function runConcurrently(
	ctx: IExecuteFunctions,
	operation: Operation,
	itemCount: number,
	limit: number,
	laneOf: Lane,
): Promise<INodeExecutionData[]> {
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

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		const outcome = outcomes[itemIndex];
		if (!outcome) continue;
		if ('error' in outcome) {
			if (!continueOnFail) throw withItemIndex(ctx, outcome.error, itemIndex);
			output.push({ json: { error: (outcome.error as Error).message }, pairedItem: { item: itemIndex } });
			continue;
		}
		for (const result of outcome.results) output.push({ ...result, pairedItem: { item: itemIndex } });
	}
	return output;
}

function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}
