/** Page checks: `page`, the page size on every paged list, the largest page, the size without one asked. */
import { GUESSES } from '../../../transport/guesses';
import type { Check, ListAnswer, ListKind, ProbeContext } from './context';
import { differs, holds, isRefusal, isWhole, LISTS, notChecked, unusable, whole } from './context';

const { page: PAGE, perPage: PER_PAGE, largestPage: LARGEST } = GUESSES;

/** Names a service may give its page size instead (tried only when the package's is ignored). */
const OTHER_SIZE_NAMES = ['limit', 'page_size', 'pageSize', 'perPage', 'size', 'count'];

const LARGER_PAGES = `Return All, Limit and the trigger read pages of the size the answer shows: right, in more requests`;

type Asked =
	| { state: 'honoured' | 'refused' | 'unusable' | 'unclear'; answer: ListAnswer }
	| { state: 'ignored'; used: number; answer: ListAnswer };

/** Asks `size` records a page under `name`: honoured, ignored (with the size used), refused or unclear. */
async function askSize(
	ctx: ProbeContext,
	path: string,
	name: string,
	size: number,
): Promise<Asked> {
	const answer = await ctx.list(path, { [PAGE.name]: 1, [name]: size });
	if (isRefusal(answer.status)) return { state: 'refused', answer };
	if (!answer.records) return { state: 'unusable', answer };
	const shown = whole(answer.pagination?.per_page);
	const total = whole(answer.pagination?.total);
	if (answer.records.length > size || (shown !== undefined && shown !== size))
		return { state: 'ignored', used: shown ?? answer.records.length, answer };
	if (shown === size || (total !== undefined && total > size && answer.records.length === size))
		return { state: 'honoured', answer };
	return { state: 'unclear', answer };
}

async function otherSizeName(ctx: ProbeContext, path: string): Promise<string | undefined> {
	for (const name of OTHER_SIZE_NAMES)
		if ((await askSize(ctx, path, name, 2)).state === 'honoured') return name;
	return undefined;
}

/** The customer with the most records of a sub-list in the sample (so a page of 2 shows something). */
async function customerWith(ctx: ProbeContext, kind: ListKind): Promise<number | undefined> {
	const sample = await ctx.sample(kind);
	const counts = new Map<number, number>();
	for (const record of sample.records ?? []) {
		const id = customerIdOf(kind, record);
		if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
	}
	return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The customer a record of a list belongs to (a charge names it, the others embed it). */
export function customerIdOf(kind: ListKind, record: Record<string, unknown>): number | undefined {
	const customer = record.customer as Record<string, unknown> | null | undefined;
	return whole(kind === 'charges' ? record.customer_id : customer?.id);
}

function perPageCheck(
	id: string,
	label: string,
	pathOf: (ctx: ProbeContext) => Promise<string | undefined>,
): Check {
	return {
		id,
		guess: `${label}: page size \`${PER_PAGE.name}\``,
		async run(ctx) {
			const path = await pathOf(ctx);
			if (!path) return notChecked(`no customer with ${label.split(' ')[1]} to read`);
			const tried = await askSize(ctx, path, PER_PAGE.name, 2);
			if (tried.state === 'honoured') return holds(`${PER_PAGE.name}=2 gave pages of 2`);
			if (tried.state === 'unclear')
				return notChecked('too few records to show a page of 2 (2 or fewer)');
			if (tried.state === 'unusable') return notChecked(unusable(tried.answer));
			if (tried.state === 'refused')
				return differs(
					`${PER_PAGE.name}=2 was refused (${unusable(tried.answer)})`,
					`every paged read of this list fails with that error, and the package always sends ${PER_PAGE.name}; report it`,
				);
			// The reviews list looks for the service's name; the other lists try the name it found.
			let other: string | undefined;
			if (id === 'page-size.reviews') {
				other = await otherSizeName(ctx, path);
				ctx.found.perPage = other;
				ctx.found.perPageIgnored = true;
			} else if (ctx.found.perPage) {
				const again = await askSize(ctx, path, ctx.found.perPage, 2);
				if (again.state === 'honoured') other = ctx.found.perPage;
			}
			const used = tried.state === 'ignored' ? tried.used : 0;
			return differs(
				`${PER_PAGE.name} is ignored: asked 2, pages of ${used} (pagination.per_page)`,
				`${LARGER_PAGES}. ${
					other
						? `The service takes \`${other}\`: Options → Query Parameters: ${other} = ${LARGEST.value} for larger pages`
						: `For larger pages: Options → Query Parameters: name the service's page-size parameter, value ${LARGEST.value}`
				}`,
			);
		},
	};
}

const mainList = (kind: ListKind) => async () => LISTS[kind];
const subList = (suffix: string, kind: ListKind) => async (ctx: ProbeContext) => {
	const id = await customerWith(ctx, kind);
	return id === undefined ? undefined : `/project/customers/${id}/${suffix}`;
};

export const pageSizeChecks: Check[] = [
	perPageCheck('page-size.reviews', 'reviews', mainList('reviews')),
	perPageCheck('page-size.customers', 'customers', mainList('customers')),
	perPageCheck('page-size.messages', 'messages', mainList('messages')),
	perPageCheck('page-size.charges', 'charges', mainList('charges')),
	perPageCheck('page-size.customer-charges', 'customer charges', subList('charges', 'charges')),
	perPageCheck('page-size.customer-messages', 'customer messages', subList('messages', 'messages')),
	perPageCheck('page-size.customer-reviews', 'customer reviews', subList('reviews', 'reviews')),
];

const MAIN_LISTS: ListKind[] = ['reviews', 'customers', 'messages', 'charges'];

export const pageCheck: Check = {
	id: 'page',
	guess: `page number \`${PAGE.name}\` (from 1)`,
	async run(ctx) {
		const size = ctx.found.perPageIgnored && !ctx.found.perPage ? undefined : 2;
		const query = size ? { [ctx.sizeName()]: size } : {};
		const wrong: string[] = [];
		const read: string[] = [];
		for (const kind of MAIN_LISTS) {
			const first = await ctx.list(LISTS[kind], { ...query, [PAGE.name]: 1 });
			const last = whole(first.pagination?.last_page);
			if (!first.records || last === undefined || last < 2) continue;
			const second = await ctx.list(LISTS[kind], { ...query, [PAGE.name]: 2 });
			if (isRefusal(second.status)) {
				wrong.push(`${kind}: ${PAGE.name}=2 refused (${unusable(second)})`);
				continue;
			}
			if (!second.records) continue;
			// The page number the answer shows decides; without one, page 2 repeating page 1 whole does
			// (one record in both is equal values reordered between requests: row 37, not `page`).
			const ids = new Set(first.records.map((record) => record.id));
			const shown = second.pagination?.current_page;
			const repeated = second.records.length > 0 && second.records.every((r) => ids.has(r.id));
			if (shown !== undefined ? shown !== 2 : repeated)
				wrong.push(`${kind}: ${PAGE.name}=2 answered page 1's records`);
			else read.push(kind);
		}
		if (wrong.length)
			return differs(
				wrong.join('; '),
				'Return All and the trigger cannot read past the first page: they fail with an error naming the page; report it',
			);
		if (read.length === 0) return notChecked('no list has a second page');
		return holds(`${PAGE.name}=2 gave the second page (${read.join(', ')})`);
	},
};

export const largestCheck: Check = {
	id: 'largest-page',
	guess: `largest page ${LARGEST.value}`,
	async run(ctx) {
		if (ctx.found.perPageIgnored && !ctx.found.perPage)
			return notChecked(
				`${PER_PAGE.name} is ignored, and no other page-size name was found to ask ${LARGEST.value}`,
			);
		const name = ctx.sizeName();
		const sizes: Array<{ kind: ListKind; size: number }> = [];
		for (const kind of MAIN_LISTS) {
			const answer = await ctx.list(LISTS[kind], { [PAGE.name]: 1, [name]: LARGEST.value });
			const shown = whole(answer.pagination?.per_page);
			if (shown !== undefined) sizes.push({ kind, size: shown });
		}
		if (sizes.length === 0) return notChecked('no answer showed pagination.per_page');
		const smaller = sizes.filter((s) => s.size < LARGEST.value);
		if (smaller.length === 0)
			return holds(`${name}=${LARGEST.value} gave pages of ${LARGEST.value}`);
		const listed = smaller.map((s) => `${s.kind} ${s.size}`).join(', ');
		return differs(
			`asked ${name}=${LARGEST.value}, the pages hold at most ${listed}`,
			`${LARGER_PAGES}; nothing to set`,
		);
	},
};

export const defaultSizeCheck: Check = {
	id: 'default-page',
	guess: 'page size shown in pagination.per_page (also when none is asked)',
	async run(ctx) {
		const answer = await ctx.list(LISTS.reviews, { [PAGE.name]: 1 });
		if (!answer.records) return notChecked(unusable(answer));
		const shown = answer.pagination?.per_page;
		const total = answer.pagination?.total;
		if (!isWhole(shown))
			return differs(
				'the answer has no pagination.per_page',
				`a service that ignores ${PER_PAGE.name} cannot be paged right; report it`,
			);
		if (isWhole(total) && total > answer.records.length && answer.records.length !== shown)
			return differs(
				`pagination.per_page says ${shown} but the page holds ${answer.records.length} of ${total}`,
				'report it',
			);
		return holds(`pages of ${shown} when no size is asked, as pagination.per_page shows`);
	},
};
