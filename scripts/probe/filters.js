'use strict';
// Filter checks: a value picked from the records read, asked for, and the answer's records compared
// with it. Ignored = records with another value come back; refused = a 4xx.
const { LISTS, holds, differs, notChecked, isRefusal, isWhole, unusable } = require('./context');

const GET_MANY =
	"Get Many checks each answer against its filters and fails naming the parameter; set the service's name in Options → Query Parameters (name the service's parameter, with the value)";
const TRIGGER_TOO = 'The trigger tests this filter on each record itself: it stays right.';

/** The most common value that not every record has (so the filter must leave some out). */
function pickValue(records, valuesOf) {
	const counts = new Map();
	for (const record of records)
		for (const value of valuesOf(record)) counts.set(value, (counts.get(value) ?? 0) + 1);
	const usable = [...counts.entries()].filter(([, count]) => count < records.length);
	return usable.sort((a, b) => b[1] - a[1])[0]?.[0];
}

const slugOf = (field) => (record) =>
	record[field] && typeof record[field].slug === 'string' ? [record[field].slug] : [];

/** The package's message status: the furthest delivery state reached (docs/assumptions.md). */
const STATUS_ORDER = [
	'canceled',
	'halted',
	'failed',
	'complained',
	'clicked',
	'opened',
	'delivered',
	'sent',
	'processed',
];
function messageStatus(message) {
	return STATUS_ORDER.find((status) => message[`${status}_at`] != null) ?? 'scheduled';
}

function filterCheck({ id, kind, name, what, valuesOf, matches, then, ignoredWhen, meaning }) {
	return {
		id,
		guess: `${kind}: ${what} filter \`${name}\``,
		async run(ctx) {
			const sample = await ctx.sample(kind);
			if (!sample.records) return notChecked(unusable(sample));
			const value = pickValue(sample.records, valuesOf);
			if (value === undefined)
				return notChecked(`no two ${kind} read differ in ${what}: nothing to show the filter`);
			const size = ctx.found.perPage ?? 'per_page';
			const answer = await ctx.list(LISTS[kind], { [name]: value, [size]: 100 });
			if (isRefusal(answer.status))
				return differs(`${name}=${value} was refused (${unusable(answer)}). ${then}`);
			if (!answer.records) return notChecked(unusable(answer));
			const others = answer.records.filter((record) => !matches(record, value));
			if (others.length > 0 && (!ignoredWhen || ignoredWhen(answer, sample)))
				return differs(
					`${name}=${value} was ignored: ${others.length} of ${answer.records.length} ${kind} listed have another ${what}. ${then}`,
				);
			if (others.length > 0)
				return holds(
					`${name}=${value} filters (${countOf(answer)} of ${countOf(sample)} ${kind} listed), though ${others.length} listed read as another ${what}${meaning ? `: ${meaning}` : ''}`,
				);
			if (answer.records.length === 0)
				return differs(
					`${name}=${value} listed no ${kind}, though some have that ${what}. ${then}`,
				);
			return holds(`${name}=${value} listed only ${kind} with that ${what}`);
		},
	};
}

const sameTotal = (answer, sample) =>
	answer.pagination?.total !== undefined && answer.pagination.total === sample.pagination?.total;

/** How many records a list holds: pagination.total, else the records answered. */
const countOf = (answer) =>
	isWhole(answer.pagination?.total) ? answer.pagination.total : answer.records.length;

/** Ignored = the answer holds as many records as the list without the filter. */
const notNarrower = (answer, sample) => countOf(answer) >= countOf(sample);

const filterChecks = [
	filterCheck({
		id: 'review.source',
		kind: 'reviews',
		name: 'source',
		what: 'source',
		valuesOf: slugOf('source'),
		matches: (r, v) => r.source?.slug === v,
		then: `${GET_MANY}. ${TRIGGER_TOO}`,
	}),
	filterCheck({
		id: 'review.location',
		kind: 'reviews',
		name: 'location',
		what: 'location',
		valuesOf: slugOf('location'),
		matches: (r, v) => r.location?.slug === v,
		then: `${GET_MANY}. ${TRIGGER_TOO}`,
	}),
	filterCheck({
		id: 'review.score',
		kind: 'reviews',
		name: 'score',
		what: 'score',
		valuesOf: (r) => (typeof r.score === 'number' ? [r.score] : []),
		matches: (r, v) => r.score === v,
		then: `${GET_MANY}. ${TRIGGER_TOO}`,
	}),
	filterCheck({
		id: 'review.tag',
		kind: 'reviews',
		name: 'tag',
		what: 'tag',
		valuesOf: (r) => (Array.isArray(r.tags) ? r.tags.map((t) => t?.slug).filter(Boolean) : []),
		matches: (r, v) => Array.isArray(r.tags) && r.tags.some((t) => t?.slug === v),
		then: `${GET_MANY}. ${TRIGGER_TOO}`,
	}),
	filterCheck({
		id: 'customer.email',
		kind: 'customers',
		name: 'email',
		what: 'email',
		valuesOf: (c) => (typeof c.email === 'string' && c.email ? [c.email] : []),
		matches: (c, v) => String(c.email).toLowerCase() === String(v).toLowerCase(),
		then: `${GET_MANY}. Skip If Already Recorded and Skip If Asked Within compare each customer's email themselves: they stay right.`,
	}),
	filterCheck({
		id: 'customer.search',
		kind: 'customers',
		name: 'search',
		what: 'text (name, email, phone, company)',
		valuesOf: (c) => (typeof c.email === 'string' && c.email ? [c.email] : []),
		matches: (c, v) =>
			[c.name, c.email, c.phone, c.company].some((f) =>
				String(f ?? '')
					.toLowerCase()
					.includes(String(v).toLowerCase()),
			),
		ignoredWhen: sameTotal,
		then: "The syncs (Skip If Already Recorded, Skip If Asked Within) find a customer by phone through it: they then read every customer and compare phones themselves (right, slower); the From-list search of customers shows the whole list; Get Many: Options → Query Parameters: name the service's search parameter.",
	}),
	filterCheck({
		id: 'message.channel',
		kind: 'messages',
		name: 'channel',
		what: 'channel',
		valuesOf: (m) => (typeof m.channel === 'string' ? [m.channel] : []),
		matches: (m, v) => m.channel === v,
		then: `${GET_MANY}. ${TRIGGER_TOO}`,
	}),
	filterCheck({
		id: 'message.template',
		kind: 'messages',
		name: 'template',
		what: 'template (slug prefix)',
		valuesOf: (m) => (typeof m.template?.slug === 'string' ? [m.template.slug] : []),
		matches: (m, v) => typeof m.template?.slug === 'string' && m.template.slug.startsWith(v),
		then: `${GET_MANY}. ${TRIGGER_TOO}`,
	}),
	filterCheck({
		id: 'message.status',
		kind: 'messages',
		name: 'status',
		what: 'status (furthest delivery state)',
		valuesOf: (m) => [messageStatus(m)],
		matches: (m, v) => messageStatus(m) === v,
		ignoredWhen: notNarrower,
		meaning:
			"what a status value means is the service's (message.status-values); Simplify's status is the package's reading of the timestamps",
		then: GET_MANY,
	}),
];

module.exports = { filterChecks, messageStatus, pickValue, STATUS_ORDER };
