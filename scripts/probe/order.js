'use strict';
// Order checks: the sort direction's name, the sort field's name where the spec does not give it
// (customers, messages), and ids that grow with creation (the trigger's New Review / New Customer order).
const { LISTS, holds, differs, notChecked, isRefusal, isWhole, unusable } = require('./context');

/** 'asc', 'desc', 'equal' (nothing to show an order) or 'mixed', by `key` (nulls skipped). */
function orderOf(records, key) {
	const values = records.map((r) => r[key]).filter((v) => v !== null && v !== undefined);
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

const DIRECTION_THEN = {
	reviews:
		"Get Many with Sort Direction checks the order and fails naming sort_dir (set the service's name in Options → Query Parameters); the trigger reads each list in both directions: it fails every poll naming sort_dir and cannot work with this service until it takes sort_dir",
	customers:
		"Get Many with Sort Direction checks the order and fails naming sort_dir (set the service's name in Options → Query Parameters); the trigger's customer events fail every poll naming sort_dir",
	messages:
		"Get Many with Sort Direction checks the order and fails naming sort_dir (set the service's name in Options → Query Parameters); the trigger's message events fail every poll naming sort_dir",
};

function directionCheck(kind) {
	return {
		id: `${kind}.sort-dir`,
		guess: `${kind}: sort direction \`sort_dir\` (sort_key=created_at&sort_dir=asc)`,
		async run(ctx) {
			const size = ctx.found.perPage ?? 'per_page';
			const query = { sort_key: 'created_at', sort_dir: 'asc', [size]: 100 };
			const answer = await ctx.list(LISTS[kind], query);
			const then = DIRECTION_THEN[kind];
			if (isRefusal(answer.status))
				return differs(`sort_dir=asc was refused (${unusable(answer)}). ${then}`);
			if (!answer.records) return notChecked(unusable(answer));
			const order = orderOf(answer.records, 'created_at');
			if (order === 'asc') return holds('sort_dir=asc listed the oldest first');
			if (order === 'equal') return notChecked(`no two ${kind} differ in created_at`);
			if (order === 'desc')
				return differs(`sort_dir=asc was ignored: the newest came first. ${then}`);
			// Neither order by created_at: the service may order by another key (sort_key ignored) in the
			// direction asked. sort_dir is ignored only when desc lists the records as asc did.
			const reverse = await ctx.list(LISTS[kind], { ...query, sort_dir: 'desc' });
			if (!reverse.records) return notChecked(unusable(reverse));
			const ids = (records) => records.map((r) => r.id).join(',');
			if (ids(reverse.records) === ids(answer.records))
				return differs(`sort_dir=asc and sort_dir=desc gave the same order. ${then}`);
			return holds(
				'sort_dir=asc and sort_dir=desc gave other orders (sort_dir is taken), though neither by created_at: the service did not order by sort_key=created_at',
			);
		},
	};
}

/** sort_key on a list where the spec names no sort field: asked newest first by a timestamp. */
function sortKeyCheck(kind, key, users) {
	return {
		id: `${kind}.sort-key`,
		guess: `${kind}: sort field \`sort_key\` (sort_key=${key})`,
		async run(ctx) {
			const size = ctx.found.perPage ?? 'per_page';
			const query = { sort_key: key, date_key: key, date_from: '1970-01-01', [size]: 100 };
			const answer = await ctx.list(LISTS[kind], query);
			const then = `${users} fail naming sort_key; Get Many's Sort By checks the order and fails naming it; Options → Query Parameters: name the service's sort field`;
			if (isRefusal(answer.status))
				return differs(`sort_key=${key} was refused (${unusable(answer)}). ${then}`);
			if (!answer.records) return notChecked(unusable(answer));
			const byKey = orderOf(answer.records, key);
			if (byKey === 'equal') return notChecked(`no two ${kind} listed differ in ${key}`);
			if (byKey !== 'desc') {
				const byCreation = orderOf(answer.records, 'created_at');
				const what = byCreation === 'desc' ? 'newest created first' : `not by ${key}`;
				return differs(`sort_key=${key} was ignored: the ${kind} came ${what}. ${then}`);
			}
			if (orderOf(answer.records, 'created_at') === 'desc')
				return notChecked(`the ${kind} listed are in the same order by ${key} and by created_at`);
			return holds(`sort_key=${key} listed the ${kind} newest ${key} first`);
		},
	};
}

/** A record created after another (created_at) with a smaller id, compared over all pairs, or undefined. */
function idOutOfCreationOrder(records) {
	const dated = records
		.filter((r) => isWhole(r.id) && isWhole(r.created_at))
		.sort((a, b) => a.created_at - b.created_at || a.id - b.id);
	let largestBefore;
	for (let i = 0; i < dated.length;) {
		let end = i;
		while (end < dated.length && dated[end].created_at === dated[i].created_at) end++;
		const group = dated.slice(i, end);
		const newer = largestBefore && group.find((r) => r.id < largestBefore.id);
		if (newer) return { newer, older: largestBefore };
		for (const r of group) if (!largestBefore || r.id > largestBefore.id) largestBefore = r;
		i = end;
	}
	return undefined;
}

const idsCheck = {
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
				`customer ${found.newer.id} was created after customer ${found.older.id} but has a smaller id: New Customer orders by id and may miss such a customer; report it`,
			);
		return holds(
			`newer customers have larger ids (${sample.records.length} read; reviews and messages are not checked: a review's created_at is its review date, and New Message does not order by id)`,
		);
	},
};

const orderChecks = [
	directionCheck('reviews'),
	directionCheck('customers'),
	directionCheck('messages'),
	sortKeyCheck('customers', 'unsubscribed_at', 'Customer Unsubscribed polls'),
	sortKeyCheck('messages', 'delivered_at', 'Message Delivered / Opened / Clicked / Failed polls'),
	idsCheck,
];

module.exports = { orderChecks, orderOf, idOutOfCreationOrder };
