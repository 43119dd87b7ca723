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
			return differs(`sort_dir=asc gave neither order by created_at. ${then}`);
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

const idsCheck = {
	id: 'ids-grow',
	guess: 'record ids grow with creation (customers, messages)',
	async run(ctx) {
		const out = [];
		for (const kind of ['customers', 'messages']) {
			const size = ctx.found.perPage ?? 'per_page';
			const answer = await ctx.list(LISTS[kind], {
				sort_key: 'created_at',
				sort_dir: 'desc',
				[size]: 100,
			});
			if (!answer.records || orderOf(answer.records, 'created_at') !== 'desc') continue;
			const records = answer.records.filter((r) => isWhole(r.id) && isWhole(r.created_at));
			for (let i = 1; i < records.length; i++) {
				const [newer, older] = [records[i - 1], records[i]];
				if (newer.created_at > older.created_at && newer.id < older.id)
					return differs(
						`${kind} ${newer.id} was created after ${kind} ${older.id} but has a smaller id: New Review and New Customer order by id; report it`,
					);
			}
			out.push(kind);
		}
		if (out.length === 0) return notChecked('no list in created_at order to compare ids with');
		return holds(
			`newer ${out.join(' and ')} have larger ids (reviews: not checked, their created_at is the review's date)`,
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

module.exports = { orderChecks, orderOf };
