'use strict';
// Page checks: `page`, `per_page` on every paged list, the largest page, the size without one asked.
const { LISTS, holds, differs, notChecked, isRefusal, isWhole, unusable } = require('./context');

/** Names a service may give its page size instead of per_page (tried only when per_page is ignored). */
const OTHER_SIZE_NAMES = ['limit', 'page_size', 'pageSize', 'perPage', 'size', 'count'];

/** Asks `size` records a page under `name`: honoured, ignored (with the size used), refused or unclear. */
async function askSize(ctx, path, name, size) {
	const answer = await ctx.list(path, { page: 1, [name]: size });
	if (isRefusal(answer.status)) return { state: 'refused', answer };
	if (!answer.records) return { state: 'unusable', answer };
	const shown = answer.pagination?.per_page;
	const total = answer.pagination?.total;
	if (answer.records.length > size || (isWhole(shown) && shown !== size))
		return { state: 'ignored', used: isWhole(shown) ? shown : answer.records.length, answer };
	if (shown === size || (isWhole(total) && total > size && answer.records.length === size))
		return { state: 'honoured', answer };
	return { state: 'unclear', answer };
}

async function otherSizeName(ctx, path) {
	for (const name of OTHER_SIZE_NAMES) {
		const tried = await askSize(ctx, path, name, 2);
		if (tried.state === 'honoured') return name;
	}
	return undefined;
}

/** The customer with the most records of a sub-list in the sample (so a page of 2 shows something). */
async function customerWith(ctx, kind) {
	const sample = await ctx.sample(kind);
	const counts = new Map();
	for (const record of sample.records ?? []) {
		const id = kind === 'charges' ? record.customer_id : record.customer?.id;
		if (isWhole(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
	}
	return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function perPageCheck(id, label, pathOf) {
	return {
		id,
		guess: `${label}: page size \`per_page\``,
		async run(ctx) {
			const path = await pathOf(ctx);
			if (!path) return notChecked(`no customer with ${label.split(' ')[1]} to read`);
			const tried = await askSize(ctx, path, 'per_page', 2);
			if (tried.state === 'honoured') return holds('per_page=2 gave pages of 2');
			if (tried.state === 'unclear')
				return notChecked('too few records to show a page of 2 (2 or fewer)');
			if (tried.state === 'unusable') return notChecked(unusable(tried.answer));
			if (tried.state === 'refused')
				return differs(
					`per_page=2 was refused (${unusable(tried.answer)}): every paged read of this list fails with that error, and the package always sends per_page; report it`,
				);
			let setting =
				"For larger pages: Options → Query Parameters: name the service's page-size parameter, value 100.";
			// The reviews list looks for the service's name; the other lists try the name it found.
			let other;
			if (id === 'page-size.reviews') {
				other = await otherSizeName(ctx, path);
				ctx.found.perPage = other;
				ctx.found.perPageIgnored = true;
			} else if (ctx.found.perPage) {
				const tried = await askSize(ctx, path, ctx.found.perPage, 2);
				if (tried.state === 'honoured') other = ctx.found.perPage;
			}
			if (other)
				setting = `The service takes \`${other}\`: Options → Query Parameters: ${other} = 100 for larger pages.`;
			return differs(
				`per_page is ignored: asked 2, pages of ${tried.used} (pagination.per_page). Return All, Limit and the trigger read pages of the size the answer shows: right, in more requests. ${setting}`,
			);
		},
	};
}

const subList = (suffix, kind) => async (ctx) => {
	const id = await customerWith(ctx, kind);
	return id === undefined ? undefined : `/project/customers/${id}/${suffix}`;
};

const pageSizeChecks = [
	perPageCheck('page-size.reviews', 'reviews', () => LISTS.reviews),
	perPageCheck('page-size.customers', 'customers', () => LISTS.customers),
	perPageCheck('page-size.messages', 'messages', () => LISTS.messages),
	perPageCheck('page-size.charges', 'charges', () => LISTS.charges),
	perPageCheck('page-size.customer-charges', 'customer charges', subList('charges', 'charges')),
	perPageCheck('page-size.customer-messages', 'customer messages', subList('messages', 'messages')),
	perPageCheck('page-size.customer-reviews', 'customer reviews', subList('reviews', 'reviews')),
];

const MAIN_LISTS = ['reviews', 'customers', 'messages', 'charges'];

const pageCheck = {
	id: 'page',
	guess: 'page number `page` (from 1)',
	async run(ctx) {
		const name = ctx.found.perPage ?? 'per_page';
		const size = ctx.found.perPageIgnored && !ctx.found.perPage ? undefined : 2;
		const wrong = [];
		const read = [];
		for (const kind of MAIN_LISTS) {
			const query = size ? { [name]: size } : {};
			const first = await ctx.list(LISTS[kind], { ...query, page: 1 });
			if (!first.records || !isWhole(first.pagination?.last_page) || first.pagination.last_page < 2)
				continue;
			const second = await ctx.list(LISTS[kind], { ...query, page: 2 });
			if (isRefusal(second.status)) {
				wrong.push(`${kind}: page=2 refused (${unusable(second)})`);
				continue;
			}
			if (!second.records) continue;
			const ids = new Set(first.records.map((record) => record.id));
			if (second.pagination?.current_page !== 2 || second.records.some((r) => ids.has(r.id)))
				wrong.push(`${kind}: page=2 answered page 1's records`);
			else read.push(kind);
		}
		if (wrong.length)
			return differs(
				`${wrong.join('; ')}. Return All and the trigger cannot read past the first page: they fail with an error naming the page; report it`,
			);
		if (read.length === 0) return notChecked('no list has a second page');
		return holds(`page=2 gave the second page (${read.join(', ')})`);
	},
};

const largestCheck = {
	id: 'largest-page',
	guess: 'largest page 100',
	async run(ctx) {
		if (ctx.found.perPageIgnored && !ctx.found.perPage)
			return notChecked('per_page is ignored, and no other page-size name was found to ask 100');
		const name = ctx.found.perPage ?? 'per_page';
		const sizes = [];
		for (const kind of MAIN_LISTS) {
			const answer = await ctx.list(LISTS[kind], { page: 1, [name]: 100 });
			const shown = answer.pagination?.per_page;
			if (isWhole(shown)) sizes.push({ kind, size: shown });
		}
		if (sizes.length === 0) return notChecked('no answer showed pagination.per_page');
		const smaller = sizes.filter((s) => s.size < 100);
		if (smaller.length === 0) return holds(`${name}=100 gave pages of 100`);
		const listed = smaller.map((s) => `${s.kind} ${s.size}`).join(', ');
		return differs(
			`asked ${name}=100, the pages hold at most ${listed}. Return All, Limit and the trigger read pages of the size the answer shows: right, in more requests; nothing to set`,
		);
	},
};

const defaultSizeCheck = {
	id: 'default-page',
	guess: 'page size shown in pagination.per_page (also when none is asked)',
	async run(ctx) {
		const answer = await ctx.list(LISTS.reviews, { page: 1 });
		if (!answer.records) return notChecked(unusable(answer));
		const shown = answer.pagination?.per_page;
		const total = answer.pagination?.total;
		if (!isWhole(shown))
			return differs(
				'the answer has no pagination.per_page: a service that ignores per_page cannot be paged right; report it',
			);
		if (isWhole(total) && total > answer.records.length && answer.records.length !== shown)
			return differs(
				`pagination.per_page says ${shown} but the page holds ${answer.records.length} of ${total}: report it`,
			);
		return holds(`pages of ${shown} when no size is asked, as pagination.per_page shows`);
	},
};

module.exports = { pageSizeChecks, pageCheck, largestCheck, defaultSizeCheck };
