import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { RecordIdParameter } from '../descriptors/locators';
import type { ActionExecution } from './execution';
import type { Lane, Operation } from './types';

/**
 * Concurrency ("Request Options → Concurrency"). Only an operation whose file exports a `lane` may run
 * several items at once; every other operation always runs its items one after another, in input order,
 * whatever the option says. The lane names, per item, what must not overlap: items in the same lane
 * still run one after another in input order (their effect depends on order), items in different lanes
 * may overlap. Above Concurrency 1, a lane that cannot be computed is that item's error: an item never
 * runs without the order its lane promises.
 *
 * - Reads (get, getAll, customer sub-lists, getKey): `anyOrder`, no lane to wait for, order cannot matter.
 * - Creates that find-or-create a customer by email/phone (review, customer, charge, ask): `byCustomerIn`,
 *   one lane per email and one per phone the item has, so two items that may be the same customer never
 *   race to create it twice. Conservative equivalence: emails compared trimmed and lower-cased, phones by
 *   their digits only (`+1 555-0100` = `+15550100` = `1 (555) 0100`); an item with an email and a phone
 *   waits for every earlier item sharing either. The syncs (charge with Skip If Already Recorded, ask
 *   with Skip If Asked Within) add the ids of the customers the service resolves the item to, so one
 *   customer named by email in one item and by phone in another is one lane (contract §9).
 * - Changes and deletes of one review, customer, charge or message: `byRecord`, lane = the record's ID
 *   read by the record's own ID parameter, so two `setTags` of review 7 apply in input order, while
 *   different reviews are changed at once.
 * - No `lane` export (never concurrent): everything on projects and client users (agency API: create,
 *   duplicate, delete, rotateKey, overrides, suspend/unsuspend, invites), sources (create/update/delete
 *   derive slugs from names and re-send the current sprite), share templates, and createShareImage.
 */

/** Reads: items may overlap in any order (they share no lane). */
export const anyOrder: Lane = () => [];

/** Changes and deletes: one lane per record, e.g. `reviewId:7`, read (and checked) by its ID parameter. */
export const byRecord =
	(parameter: RecordIdParameter): Lane =>
	(ctx, itemIndex) => [`${parameter.property.name}:${parameter.read(ctx, itemIndex)}`];

/** The lanes of a customer: its normalised email and phone (see above), whichever it has. */
function customerLanes(email: unknown, phone: unknown): string[] {
	const lanes: string[] = [];
	const address = String(email ?? '')
		.trim()
		.toLowerCase();
	if (address !== '') lanes.push(`email:${address}`);
	const digits = String(phone ?? '').replace(/\D/g, '');
	if (digits !== '') lanes.push(`phone:${digits}`);
	return lanes;
}

/** What an item gives of its customer, from `additionalFields` or the top-level email and phone. */
export type Resolved = (
	ctx: IExecuteFunctions,
	itemIndex: number,
	given: { email: unknown; phone: unknown },
	execution: ActionExecution,
) => Promise<string[]>;

/**
 * Creates: the lanes of the item's customer, from `additionalFields` or top-level email and phone, and
 * those `resolved` adds (the customers the service resolves them to).
 */
export const byCustomerIn =
	(collection?: string, resolved?: Resolved): Lane =>
	(ctx, itemIndex, execution) => {
		const fields = collection
			? (ctx.getNodeParameter(collection, itemIndex, {}) as Record<string, unknown>)
			: {
					email: ctx.getNodeParameter('email', itemIndex, ''),
					phone: ctx.getNodeParameter('phone', itemIndex, ''),
				};
		const given = { email: fields.email, phone: fields.phone };
		const typed = customerLanes(given.email, given.phone);
		if (!resolved) return typed;
		return resolved(ctx, itemIndex, given, execution).then((lanes) => [...typed, ...lanes]);
	};

/** The option is read once, from the first item: one execution has one degree of concurrency. */
function concurrencyOf(ctx: IExecuteFunctions, itemCount: number): number {
	if (itemCount < 2) return 1;
	const options = ctx.getNodeParameter('requestOptions', 0, {}) as { concurrency?: number };
	const value = Math.floor(Number(options.concurrency ?? 1));
	return Number.isFinite(value) ? Math.max(1, Math.min(value, 50, itemCount)) : 1;
}

export type Outcome = { results: INodeExecutionData[] } | { error: unknown };

/**
 * Runs every item of `operation`: one after another without a lane, else up to Concurrency at once,
 * items of one lane waiting for the previous item of that lane. Outcomes come back by input position.
 * Without "Continue On Fail" the first failure (of a lane or of the operation) stops new items from
 * starting, and an item still waiting for its lane is not applied (it would not have run at
 * Concurrency 1); only items already in flight finish.
 */
export async function runItems(
	ctx: IExecuteFunctions,
	operation: Operation,
	itemCount: number,
	execution: ActionExecution,
): Promise<Array<Outcome | undefined>> {
	const laneOf = operation.lane;
	const limit = laneOf ? concurrencyOf(ctx, itemCount) : 1;
	const outcomes: Array<Outcome | undefined> = new Array(itemCount);
	const laneTails = new Map<string, Promise<unknown>>();
	const continueOnFail = ctx.continueOnFail();
	let next = 0;
	let stopped = false;
	// Lanes are taken in input order, although reading them may take a request (a customer lookup).
	let taken: Promise<void> = Promise.resolve();
	const fail = (itemIndex: number, error: unknown) => {
		outcomes[itemIndex] = { error };
		if (!continueOnFail) stopped = true;
	};

	const runItem = async (itemIndex: number): Promise<void> => {
		// One at a time needs no lanes (reading them costs a parameter resolution per item).
		const reading = (async () =>
			laneOf && limit > 1 ? await laneOf(ctx, itemIndex, execution) : [])();
		const before = taken;
		let release = () => {};
		taken = new Promise((resolve) => (release = resolve));
		const lanes = await reading.catch((error: unknown) => ({ error }));
		await before;
		if (!Array.isArray(lanes)) {
			release();
			fail(itemIndex, lanes.error);
			return;
		}
		const previous = lanes.map((lane) => laneTails.get(lane)).filter(Boolean);
		const done = (async () => {
			if (previous.length > 0) await Promise.all(previous);
			if (stopped) return;
			try {
				outcomes[itemIndex] = { results: await operation.execute.call(ctx, itemIndex, execution) };
			} catch (error) {
				fail(itemIndex, error);
			}
		})();
		for (const lane of lanes) laneTails.set(lane, done);
		release();
		await done;
	};
	const worker = async (): Promise<void> => {
		while (!stopped && next < itemCount) await runItem(next++);
	};
	await Promise.all(Array.from({ length: limit }, worker));

	return outcomes;
}
