/**
 * Order checks: the sort direction's name, the sort field's name where the spec does not give it
 * (customers, messages), and customer ids that grow with creation (New Customer orders by id).
 */
import { GUESSES } from '../../../transport/guesses';
import type { Check, ListKind, ProbeRecord } from './context';
import {
	differs,
	holds,
	isRefusal,
	isWhole,
	LARGEST_PAGE,
	LISTS,
	notChecked,
	unusable,
} from './context';

const SORT_DIR = GUESSES.sortDirection.name;
const { ascending: ASC, descending: DESC } = GUESSES.sortDirection.values;
/** Named by the spec for reviews (a guess for customers and messages: rows 8 and 9). */
const SORT_KEY = GUESSES.customerSortKey.name;

type Order = 'asc' | 'desc' | 'equal' | 'mixed';

/** 'asc', 'desc', 'equal' (nothing to show an order) or 'mixed', by `key` (nulls skipped). */
export function orderOf(records: ProbeRecord[], key: string): Order {
	const values = records
		.map((r) => r[key])
		.filter((v): v is number | string => typeof v === 'number' || typeof v === 'string');
	let up = false;
	let down = false;
	for (let i = 1; i < values.length; i++) {
		if (values[i] > values[i - 1]) up = true;
		if (values[i] < values[i - 1]) down = true;
	}
	if (up && down) return 'mixed';
	if (up) return 'asc';
	if (down) return 'desc';
	return 'equal';
}

const GET_MANY_DIRECTION = `Get Many with Sort Direction checks the order and fails naming ${SORT_DIR} (set the service's name in Options → Query Parameters)`;
const DIRECTION_SETTING: Record<string, string> = {
	reviews: `${GET_MANY_DIRECTION}; the trigger reads each list in both directions: it fails every poll naming ${SORT_DIR} and cannot work with this service until it takes ${SORT_DIR}`,
	customers: `${GET_MANY_DIRECTION}; the trigger's customer events fail every poll naming ${SORT_DIR}`,
	messages: `${GET_MANY_DIRECTION}; the trigger's message events fail every poll naming ${SORT_DIR}`,
};

const ids = (records: ProbeRecord[]) => records.map((r) => String(r.id)).join(',');

function directionCheck(kind: ListKind): Check {
	return {
		id: `${kind}.sort-dir`,
		guess: `${kind}: sort direction \`${SORT_DIR}\` (${SORT_KEY}=created_at&${SORT_DIR}=${ASC})`,
		async run(ctx) {
			const query = { [SORT_KEY]: 'created_at', [SORT_DIR]: ASC, [ctx.sizeName()]: LARGEST_PAGE };
			const answer = await ctx.list(LISTS[kind], query);
			const setting = DIRECTION_SETTING[kind];
			if (isRefusal(answer.status))
				return differs(`${SORT_DIR}=${ASC} was refused (${unusable(answer)})`, setting);
			if (!answer.records) return notChecked(unusable(answer));
			const order = orderOf(answer.records, 'created_at');
			if (order === 'asc') return holds(`${SORT_DIR}=${ASC} listed the oldest first`);
			if (order === 'equal') return notChecked(`no two ${kind} differ in created_at`);
			if (order === 'desc')
				return differs(`${SORT_DIR}=${ASC} was ignored: the newest came first`, setting);
			// Neither order by created_at: the service may order by another key (sort_key ignored) in the
			// direction asked. The direction is ignored only when the other one lists the same order.
			const reverse = await ctx.list(LISTS[kind], { ...query, [SORT_DIR]: DESC });
			if (!reverse.records) return notChecked(unusable(reverse));
			if (ids(reverse.records) === ids(answer.records))
				return differs(`${SORT_DIR}=${ASC} and ${SORT_DIR}=${DESC} gave the same order`, setting);
			return holds(
				`${SORT_DIR}=${ASC} and ${SORT_DIR}=${DESC} gave other orders (${SORT_DIR} is taken), though neither by created_at: the service did not order by ${SORT_KEY}=created_at`,
			);
		},
	};
}

/** sort_key on a list where the spec names no sort field: asked newest first by a timestamp. */
function sortKeyCheck(kind: ListKind, key: string, users: string): Check {
	return {
		id: `${kind}.sort-key`,
		guess: `${kind}: sort field \`${SORT_KEY}\` (${SORT_KEY}=${key})`,
		async run(ctx) {
			const query = {
				[SORT_KEY]: key,
				date_key: key,
				date_from: '1970-01-01',
				[ctx.sizeName()]: LARGEST_PAGE,
			};
			const answer = await ctx.list(LISTS[kind], query);
			const setting = `${users} fail naming ${SORT_KEY}; Get Many's Sort By checks the order and fails naming it; Options → Query Parameters: name the service's sort field`;
			if (isRefusal(answer.status))
				return differs(`${SORT_KEY}=${key} was refused (${unusable(answer)})`, setting);
			if (!answer.records) return notChecked(unusable(answer));
			const byKey = orderOf(answer.records, key);
			if (byKey === 'equal') return notChecked(`no two ${kind} listed differ in ${key}`);
			if (byKey !== 'desc') {
				const byCreation = orderOf(answer.records, 'created_at');
				const what = byCreation === 'desc' ? 'newest created first' : `not by ${key}`;
				return differs(`${SORT_KEY}=${key} was ignored: the ${kind} came ${what}`, setting);
			}
			if (orderOf(answer.records, 'created_at') === 'desc')
				return notChecked(`the ${kind} listed are in the same order by ${key} and by created_at`);
			return holds(`${SORT_KEY}=${key} listed the ${kind} newest ${key} first`);
		},
	};
}

interface Dated {
	id: number;
	created_at: number;
}

/** A record created after another (created_at) with a smaller id, over all pairs; undefined if none. */
export function idOutOfCreationOrder(
	records: ProbeRecord[],
): { newer: Dated; older: Dated } | undefined {
	const dated = records
		.filter((r): r is ProbeRecord & Dated => isWhole(r.id) && isWhole(r.created_at))
		.sort((a, b) => a.created_at - b.created_at || a.id - b.id);
	let largestBefore: Dated | undefined;
	for (let start = 0; start < dated.length;) {
		let end = start;
		while (end < dated.length && dated[end].created_at === dated[start].created_at) end++;
		const group = dated.slice(start, end);
		const newer = largestBefore && group.find((r) => r.id < largestBefore!.id);
		if (newer && largestBefore) return { newer, older: largestBefore };
		for (const r of group) if (!largestBefore || r.id > largestBefore.id) largestBefore = r;
		start = end;
	}
	return undefined;
}

const idsCheck: Check = {
	id: 'ids-grow',
	guess: 'customer ids grow with creation (New Customer orders by id)',
	async run(ctx) {
		const sample = await ctx.sample('customers');
		if (!sample.records) return notChecked(unusable(sample));
		const times = new Set(sample.records.map((r) => r.created_at).filter(isWhole));
		if (times.size < 2) return notChecked('no two customers read differ in created_at');
		const found = idOutOfCreationOrder(sample.records);
		if (found)
			return differs(
				`customer ${found.newer.id} was created after customer ${found.older.id} but has a smaller id`,
				'New Customer orders by id and may miss such a customer; report it',
			);
		return holds(
			`newer customers have larger ids (${sample.records.length} read; reviews and messages are not checked: a review's created_at is its review date, and New Message does not order by id)`,
		);
	},
};

/**
 * Row 37: the first page of reviews (the spec's default order, newest first by creation time) read
 * three times; records that share a created_at must come back in one order (a service over SQL without
 * a unique tiebreaker may reorder them on every request).
 */
const equalValuesCheck: Check = {
	id: 'equal-values',
	guess: 'records with equal sort values keep their order between requests',
	async run(ctx) {
		const reads: ProbeRecord[][] = [];
		for (let read = 0; read < 3; read++) {
			const answer = await ctx.list(LISTS.reviews, { [ctx.sizeName()]: 100 });
			if (!answer.records) return notChecked(unusable(answer));
			reads.push(answer.records);
		}
		const orderOf = (records: ProbeRecord[], at: unknown) =>
			records.filter((r) => r.created_at === at).map((r) => r.id);
		const counts = new Map<unknown, number>();
		for (const record of reads[0])
			counts.set(record.created_at, (counts.get(record.created_at) ?? 0) + 1);
		const shared = [...counts].filter(([, count]) => count > 1).map(([at]) => at);
		if (shared.length === 0)
			return notChecked('no two reviews of the first page share a created_at');
		for (const at of shared) {
			const first = orderOf(reads[0], at).join(',');
			const other = reads.slice(1).find((records) => orderOf(records, at).join(',') !== first);
			if (other)
				return differs(
					`reviews of created_at ${String(at)} came back as ${first}, then as ${orderOf(other, at).join(',')}: equal values are reordered between requests`,
					'Return All, Limit, the lookups and the trigger read a run of equal values whole, or count it and read it again (more requests for a run larger than a page): nothing to set',
				);
		}
		return holds(
			`${shared.length} created_at value(s) shared on the first page kept their order in 3 reads`,
		);
	},
};

export const orderChecks: Check[] = [
	directionCheck('reviews'),
	directionCheck('customers'),
	directionCheck('messages'),
	sortKeyCheck('customers', 'unsubscribed_at', 'Customer Unsubscribed polls'),
	sortKeyCheck('messages', 'delivered_at', 'Message Delivered / Opened / Clicked / Failed polls'),
	idsCheck,
	equalValuesCheck,
];
