'use strict';
// Facet and tag checks whose answer the listed records alone cannot show: the review duplicate facet,
// the customer facet `all`, the customer tag (the customer list carries no tags), message status values.
const { LISTS, holds, differs, notChecked, isRefusal, isWhole, unusable } = require('./context');
const { STATUS_ORDER } = require('./filters');

/** One facet value on the review list: refused, ignored, duplicates only, or an empty list. */
async function duplicateFacet(ctx, value, defaultTotal) {
	const size = ctx.found.perPage ?? 'per_page';
	const answer = await ctx.list(LISTS.reviews, { facet: value, [size]: 100 });
	if (isRefusal(answer.status)) return { state: 'refused', why: unusable(answer) };
	if (!answer.records) return { state: 'unusable', why: unusable(answer) };
	const plain = answer.records.filter((r) => r.is_duplicate !== true).length;
	if (plain > 0) return { state: 'ignored', why: `${plain} listed reviews are not duplicates` };
	if (answer.records.length > 0) return { state: 'holds' };
	// Empty: the value filtered the list (which has reviews), but no duplicate shows what it selects.
	return defaultTotal > 0 ? { state: 'empty' } : { state: 'unknown' };
}

const duplicateFacetCheck = {
	id: 'review.duplicate-facet',
	guess: 'reviews: the duplicate facet `facet=duplicate` (the trigger tries it, then `duplicates`)',
	async run(ctx) {
		const sample = await ctx.sample('reviews');
		if (!sample.records) return notChecked(unusable(sample));
		const total = isWhole(sample.pagination?.total)
			? sample.pagination.total
			: sample.records.length;
		if (total === 0) return notChecked('no reviews: nothing to show the facet');
		const first = await duplicateFacet(ctx, 'duplicate', total);
		if (first.state === 'holds') return holds('facet=duplicate listed duplicates only');
		if (first.state === 'empty')
			return holds(
				`facet=duplicate is taken and filters (no review listed, ${total} without it); no duplicate review to show it selects duplicates`,
			);
		if (first.state === 'unusable' || first.state === 'unknown')
			return notChecked(first.why ?? 'no reviews');
		const second = await duplicateFacet(ctx, 'duplicates', total);
		const said = `facet=duplicate was ${first.state} (${first.why})`;
		if (second.state === 'holds' || second.state === 'empty')
			return differs(
				`${said}; facet=duplicates ${second.state === 'holds' ? 'lists duplicates only' : 'is taken and filters'}: the trigger finds it itself (its second try); Get Many: Filters → Facet: duplicates`,
			);
		return differs(
			`${said}, and facet=duplicates was ${second.state}${second.why ? ` (${second.why})` : ''}: the trigger goes on without the duplicate question and warns once per activation (a review un-flagged later may fire, docs/trigger.md); Get Many: Filters → Facet: the service's value for duplicates`,
		);
	},
};

/** Customer ids the other lists name that the default customer list does not hold. */
async function unlistedCustomerIds(ctx, listed) {
	const ids = new Set();
	for (const kind of ['reviews', 'messages', 'charges']) {
		const sample = await ctx.sample(kind);
		for (const record of sample.records ?? []) {
			const id = kind === 'charges' ? record.customer_id : record.customer?.id;
			if (isWhole(id) && !listed.has(id)) ids.add(id);
		}
	}
	return [...ids].slice(0, 20);
}

const customerAllFacetCheck = {
	id: 'customer.facet-all',
	guess: 'customers: `facet=all` lists archived customers too (the syncs send it)',
	async run(ctx) {
		const sample = await ctx.sample('customers');
		if (!sample.records) return notChecked(unusable(sample));
		const size = ctx.found.perPage ?? 'per_page';
		const answer = await ctx.list(LISTS.customers, { facet: 'all', [size]: 100 });
		const then =
			'Skip If Already Recorded and Skip If Asked Within send it to find a customer by email or phone, archived ones included (they have no setting for it)';
		if (isRefusal(answer.status)) {
			const archived = await ctx.list(LISTS.customers, { facet: 'archived', [size]: 1 });
			return differs(
				isRefusal(archived.status)
					? `facet=all and facet=archived were refused (${unusable(answer)}). ${then}: they fail with an error naming the facet; turn those options off and report the service's value`
					: `facet=all was refused (${unusable(answer)}), facet=archived is taken. ${then}: they read the list and facet=archived instead, right, one more request a look-up; nothing to set`,
			);
		}
		if (!answer.records) return notChecked(unusable(answer));
		if (answer.records.some((c) => c.archived_at != null))
			return holds('facet=all listed archived customers');
		const total = sample.pagination?.total;
		if (isWhole(total) && isWhole(answer.pagination?.total) && answer.pagination.total > total)
			return holds(`facet=all listed ${answer.pagination.total} customers, ${total} without it`);
		// An archived customer, found by id through the other lists, decides it: is it on facet=all's pages?
		const archived = await archivedCustomerId(ctx, new Set(sample.records.map((c) => c.id)));
		if (archived === undefined) return notChecked('no archived customer found to show it');
		const listed = await listsCustomer(ctx, { facet: 'all', [size]: 100 }, answer, archived);
		if (listed === true) return holds(`facet=all listed archived customer ${archived}`);
		if (listed === undefined)
			return notChecked(
				`facet=all has more pages than read; archived customer ${archived} not on them`,
			);
		return differs(
			`facet=all did not list archived customer ${archived} (read by id). ${then}: Skip If Already Recorded still finds an archived customer's charge (it reads the charge's customer), Skip If Asked Within may ask an archived customer again; report the service's value`,
		);
	},
};

/** The first customer the other lists name, off the default list's first page, that is archived. */
async function archivedCustomerId(ctx, listed) {
	for (const id of await unlistedCustomerIds(ctx, listed)) {
		const one = await ctx.get(`/project/customers/${id}`);
		const customer = one.body && one.body.data;
		if (one.status === 200 && customer && customer.archived_at != null) return id;
	}
	return undefined;
}

const MOST_PAGES = 10;

/** Whether the list's pages (`first` is page 1) hold customer `id`: undefined when not all were read. */
async function listsCustomer(ctx, query, first, id) {
	let page = first;
	for (let number = 1; number <= MOST_PAGES; number++) {
		if (page.records.some((c) => c.id === id)) return true;
		const last = page.pagination?.last_page;
		if (!isWhole(last) || number >= last) return false;
		page = await ctx.list(LISTS.customers, { ...query, page: number + 1 });
		if (!page.records) return undefined;
	}
	return undefined;
}

const customerTagCheck = {
	id: 'customer.tag',
	guess: 'customers: tag filter `tag`',
	async run(ctx) {
		const sample = await ctx.sample('customers');
		if (!sample.records) return notChecked(unusable(sample));
		const tagsOf = new Map();
		for (const customer of sample.records.slice(0, 25)) {
			const one = await ctx.get(`/project/customers/${customer.id}`);
			const tags = one.body?.data?.tags;
			if (one.status === 200 && Array.isArray(tags))
				tagsOf.set(customer.id, tags.map((t) => t?.slug).filter(Boolean));
		}
		const lacking = (slug) =>
			[...tagsOf.entries()].filter(([, tags]) => !tags.includes(slug)).map(([id]) => id);
		const slug = [...new Set([...tagsOf.values()].flat())].find((s) => lacking(s).length > 0);
		const without = slug ? lacking(slug) : [];
		if (!slug || without.length === 0)
			return notChecked('no two customers read differ in their tags: nothing to show the filter');
		const size = ctx.found.perPage ?? 'per_page';
		const answer = await ctx.list(LISTS.customers, { tag: slug, [size]: 100 });
		const then =
			"The trigger's customer events with a Tag fail the poll naming `tag`; Get Many: a clear error naming `tag`; Options → Query Parameters: name the service's tag parameter";
		if (isRefusal(answer.status))
			return differs(`tag=${slug} was refused (${unusable(answer)}). ${then}`);
		if (!answer.records) return notChecked(unusable(answer));
		const wrong = answer.records.filter((c) => without.includes(c.id));
		if (wrong.length > 0)
			return differs(
				`tag=${slug} was ignored: customer ${wrong[0].id} is listed without that tag. ${then}`,
			);
		if (answer.records.length === 0)
			return differs(`tag=${slug} listed no customer, though some carry it. ${then}`);
		return holds(`tag=${slug} listed only customers with that tag`);
	},
};

const statusValuesCheck = {
	id: 'message.status-values',
	guess: 'messages: status values (scheduled … halted, as Filters → Status offers them)',
	async run(ctx) {
		const refused = [];
		for (const value of [...STATUS_ORDER, 'scheduled']) {
			const answer = await ctx.list(LISTS.messages, { status: value, per_page: 1 });
			if (isRefusal(answer.status)) refused.push(value);
		}
		// A refused value decides it even when the filter's name is in doubt; a service that ignores
		// the filter takes every value, which shows nothing.
		if (refused.length === 0 && ctx.results['message.status']?.verdict === 'differs')
			return notChecked('the status filter itself differs (above): every value is taken');
		if (refused.length === 0) return holds('the service takes all ten values');
		return differs(
			`the service refused status=${refused.join(', ')}: use its own values (Options → Query Parameters: status = the service's value)`,
		);
	},
};

module.exports = {
	duplicateFacetCheck,
	customerAllFacetCheck,
	customerTagCheck,
	statusValuesCheck,
};
