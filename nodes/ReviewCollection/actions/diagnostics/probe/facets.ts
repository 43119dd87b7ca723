/**
 * Facet and tag checks whose answer the listed records alone cannot show: the review duplicate facet,
 * the customer facet that lists archived ones too, the customer tag (the customer list carries no tags),
 * message status values.
 */
import { GUESSES } from '../../../transport/guesses';
import type { Check, ListAnswer, ProbeContext, Query } from './context';
import {
	differs,
	holds,
	isRefusal,
	LARGEST_PAGE,
	LISTS,
	notChecked,
	unusable,
	whole,
} from './context';
import { customerIdOf } from './pages';

const FACET = GUESSES.facet.name;
const [DUPLICATE, DUPLICATES] = GUESSES.duplicateFacets.values;
const { withArchived: ALL, archivedOnly: ARCHIVED } = GUESSES.customerFacets.values;

type FacetState =
	| { state: 'holds' | 'empty' }
	| { state: 'refused' | 'ignored' | 'unusable' | 'unknown'; why: string };

/** One facet value on the review list: refused, ignored, duplicates only, or an empty list. */
async function duplicateFacet(
	ctx: ProbeContext,
	value: string,
	defaultTotal: number,
): Promise<FacetState> {
	const answer = await ctx.list(LISTS.reviews, { [FACET]: value, [ctx.sizeName()]: LARGEST_PAGE });
	if (isRefusal(answer.status)) return { state: 'refused', why: unusable(answer) };
	if (!answer.records) return { state: 'unusable', why: unusable(answer) };
	const plain = answer.records.filter((r) => r.is_duplicate !== true).length;
	if (plain > 0) return { state: 'ignored', why: `${plain} listed reviews are not duplicates` };
	if (answer.records.length > 0) return { state: 'holds' };
	// Empty: the value filtered the list (which has reviews), but no duplicate shows what it selects.
	return defaultTotal > 0 ? { state: 'empty' } : { state: 'unknown', why: 'no reviews' };
}

export const duplicateFacetCheck: Check = {
	id: 'review.duplicate-facet',
	guess: `reviews: the duplicate facet \`${FACET}=${DUPLICATE}\` (the trigger tries it, then \`${DUPLICATES}\`)`,
	async run(ctx) {
		const sample = await ctx.sample('reviews');
		if (!sample.records) return notChecked(unusable(sample));
		const total = whole(sample.pagination?.total) ?? sample.records.length;
		if (total === 0) return notChecked('no reviews: nothing to show the facet');
		const first = await duplicateFacet(ctx, DUPLICATE, total);
		if (first.state === 'holds') return holds(`${FACET}=${DUPLICATE} listed duplicates only`);
		if (first.state === 'empty')
			return holds(
				`${FACET}=${DUPLICATE} is taken and filters (no review listed, ${total} without it); no duplicate review to show it selects duplicates`,
			);
		if (first.state === 'unusable' || first.state === 'unknown') return notChecked(first.why);
		const second = await duplicateFacet(ctx, DUPLICATES, total);
		const said = `${FACET}=${DUPLICATE} was ${first.state} (${'why' in first ? first.why : ''})`;
		const why = 'why' in second ? ` (${second.why})` : '';
		if (second.state === 'holds' || second.state === 'empty')
			return differs(
				`${said}; ${FACET}=${DUPLICATES} ${second.state === 'holds' ? 'lists duplicates only' : 'is taken and filters'}`,
				`the trigger finds it itself (its second try); Get Many: Filters → Facet: ${DUPLICATES}`,
			);
		return differs(
			`${said}, and ${FACET}=${DUPLICATES} was ${second.state}${why}`,
			"the trigger goes on without the duplicate question and warns once per activation (a review un-flagged later may fire, docs/trigger.md); Get Many: Filters → Facet: the service's value for duplicates",
		);
	},
};

/** Customer ids the other lists name that the default customer list's first page does not hold. */
async function unlistedCustomerIds(ctx: ProbeContext, listed: Set<unknown>): Promise<number[]> {
	const ids = new Set<number>();
	for (const kind of ['reviews', 'messages', 'charges'] as const) {
		const sample = await ctx.sample(kind);
		for (const record of sample.records ?? []) {
			const id = customerIdOf(kind, record);
			if (id !== undefined && !listed.has(id)) ids.add(id);
		}
	}
	return [...ids].slice(0, 20);
}

/** The first customer the other lists name, off the default list's first page, that is archived. */
async function archivedCustomerId(
	ctx: ProbeContext,
	listed: Set<unknown>,
): Promise<number | undefined> {
	for (const id of await unlistedCustomerIds(ctx, listed)) {
		const one = await ctx.get(`/project/customers/${id}`);
		const customer = (one.body as { data?: { archived_at?: unknown } } | undefined)?.data;
		if (one.status === 200 && customer && customer.archived_at != null) return id;
	}
	return undefined;
}

const MOST_PAGES = 10;

/** Whether the list's pages (`first` is page 1) hold customer `id`: undefined when not all were read. */
async function listsCustomer(ctx: ProbeContext, query: Query, first: ListAnswer, id: number) {
	let page = first;
	for (let number = 1; number <= MOST_PAGES; number++) {
		if (page.records?.some((c) => c.id === id)) return true;
		const last = whole(page.pagination?.last_page);
		if (last === undefined || number >= last) return false;
		page = await ctx.list(LISTS.customers, { ...query, [GUESSES.page.name]: number + 1 });
		if (!page.records) return undefined;
	}
	return undefined;
}

const SYNCS =
	'Skip If Already Recorded and Skip If Asked Within send it to find a customer by email or phone, archived ones included (they have no setting for it)';

export const customerAllFacetCheck: Check = {
	id: 'customer.facet-all',
	guess: `customers: \`${FACET}=${ALL}\` lists archived customers too (the syncs send it)`,
	async run(ctx) {
		const sample = await ctx.sample('customers');
		if (!sample.records) return notChecked(unusable(sample));
		const size = ctx.sizeName();
		const query = { [FACET]: ALL, [size]: LARGEST_PAGE };
		const answer = await ctx.list(LISTS.customers, query);
		if (isRefusal(answer.status)) {
			const archived = await ctx.list(LISTS.customers, { [FACET]: ARCHIVED, [size]: 1 });
			return isRefusal(archived.status)
				? differs(
						`${FACET}=${ALL} and ${FACET}=${ARCHIVED} were refused (${unusable(answer)})`,
						`${SYNCS}: they fail with an error naming the facet; turn those options off and report the service's value`,
					)
				: differs(
						`${FACET}=${ALL} was refused (${unusable(answer)}), ${FACET}=${ARCHIVED} is taken`,
						`${SYNCS}: they read the list and ${FACET}=${ARCHIVED} instead, right, one more request a look-up; nothing to set`,
					);
		}
		if (!answer.records) return notChecked(unusable(answer));
		if (answer.records.some((c) => c.archived_at != null))
			return holds(`${FACET}=${ALL} listed archived customers`);
		const total = whole(sample.pagination?.total);
		const withAll = whole(answer.pagination?.total);
		if (total !== undefined && withAll !== undefined && withAll > total)
			return holds(`${FACET}=${ALL} listed ${withAll} customers, ${total} without it`);
		// An archived customer, found by id through the other lists, decides it: is it on the pages?
		const archived = await archivedCustomerId(ctx, new Set(sample.records.map((c) => c.id)));
		if (archived === undefined) return notChecked('no archived customer found to show it');
		const listed = await listsCustomer(ctx, query, answer, archived);
		if (listed === true) return holds(`${FACET}=${ALL} listed archived customer ${archived}`);
		if (listed === undefined)
			return notChecked(
				`${FACET}=${ALL} has more pages than read; archived customer ${archived} not on them`,
			);
		return differs(
			`${FACET}=${ALL} did not list archived customer ${archived} (read by id)`,
			`${SYNCS}: Skip If Already Recorded still finds an archived customer's charge (it reads the charge's customer), Skip If Asked Within may ask an archived customer again; report the service's value`,
		);
	},
};

const tagSlugsOf = (body: unknown): string[] | undefined => {
	const tags = (body as { data?: { tags?: unknown } } | undefined)?.data?.tags;
	if (!Array.isArray(tags)) return undefined;
	return tags
		.map((tag: unknown) => (tag as { slug?: unknown } | null)?.slug)
		.filter((slug): slug is string => typeof slug === 'string' && slug !== '');
};

export const customerTagCheck: Check = {
	id: 'customer.tag',
	guess: `customers: tag filter \`${GUESSES.customerTag.name}\``,
	async run(ctx) {
		const sample = await ctx.sample('customers');
		if (!sample.records) return notChecked(unusable(sample));
		const tagsOf = new Map<unknown, string[]>();
		for (const customer of sample.records.slice(0, 25)) {
			const one = await ctx.get(`/project/customers/${String(customer.id)}`);
			const tags = tagSlugsOf(one.body);
			if (one.status === 200 && tags) tagsOf.set(customer.id, tags);
		}
		const lacking = (slug: string) =>
			[...tagsOf.entries()].filter(([, tags]) => !tags.includes(slug)).map(([id]) => id);
		const slug = [...new Set([...tagsOf.values()].flat())].find((s) => lacking(s).length > 0);
		const without = slug ? lacking(slug) : [];
		if (!slug || without.length === 0)
			return notChecked('no two customers read differ in their tags: nothing to show the filter');
		const name = GUESSES.customerTag.name;
		const answer = await ctx.list(LISTS.customers, {
			[name]: slug,
			[ctx.sizeName()]: LARGEST_PAGE,
		});
		const setting = `The trigger's customer events with a Tag fail the poll naming \`${name}\`; Get Many: a clear error naming \`${name}\`; Options → Query Parameters: name the service's tag parameter`;
		if (isRefusal(answer.status))
			return differs(`${name}=${slug} was refused (${unusable(answer)})`, setting);
		if (!answer.records) return notChecked(unusable(answer));
		const wrong = answer.records.filter((c) => without.includes(c.id));
		if (wrong.length > 0)
			return differs(
				`${name}=${slug} was ignored: customer ${String(wrong[0].id)} is listed without that tag`,
				setting,
			);
		if (answer.records.length === 0)
			return differs(`${name}=${slug} listed no customer, though some carry it`, setting);
		return holds(`${name}=${slug} listed only customers with that tag`);
	},
};

export const statusValuesCheck: Check = {
	id: 'message.status-values',
	guess: `messages: status values (${GUESSES.messageStatuses.none} … ${GUESSES.messageStatuses.values[0]}, as the package reads them)`,
	async run(ctx) {
		const name = GUESSES.messageStatus.name;
		const refused: string[] = [];
		for (const value of [...GUESSES.messageStatuses.values, GUESSES.messageStatuses.none]) {
			const answer = await ctx.list(LISTS.messages, { [name]: value, [ctx.sizeName()]: 1 });
			if (isRefusal(answer.status)) refused.push(value);
		}
		// A refused value decides it even when the filter's name is in doubt; a service that ignores
		// the filter takes every value, which shows nothing.
		if (refused.length === 0 && ctx.results['message.status']?.verdict === 'differs')
			return notChecked('the status filter itself differs (above): every value is taken');
		if (refused.length === 0) return holds('the service takes all ten values');
		return differs(
			`the service refused ${name}=${refused.join(', ')}`,
			`use its own values: Options → Query Parameters: ${name} = the service's value`,
		);
	},
};
