/**
 * Dialects: where the spec says "not shown", the simulator's answer is a guess like the node's. A dialect
 * is one plausible choice for every such guess, so the package's guarantees are tested against its own
 * guesses (`guesses`) and against a service that chose otherwise. Where the spec speaks, every dialect
 * does what the spec says; a dialect only differs where the spec is silent.
 *
 * Each choice is taken from the spec's own words: "a facet (the console-style filter; non-duplicate
 * reviews are returned unless the duplicate facet is selected)" names a duplicate facet but not its
 * value (`duplicate`, `duplicates`, or a value no client would guess); "Maximum page size and default page
 * size: not shown" (100 or 25 or 30; 15 as Laravel's paginator, whose pagination fields the spec lists);
 * "Names of the filters other than date_key, date_from, date_to, sort_key: not shown" (the package's
 * names, or others, which the service then ignores as unknown parameters); "Shape of error responses:
 * not shown"; a reply "published or replaced" (whether it sets `replied_at`: not shown).
 */

import type { LateJoinChoice } from './late-join';

/** The query names the spec leaves unnamed (the spec names page-less date_key/date_from/date_to/sort_key). */
export interface QueryNames {
	page: string;
	perPage: string;
	sortDir: string;
	facet: string;
	reviewSource: string;
	reviewLocation: string;
	reviewScore: string;
	reviewTag: string;
	customerEmail: string;
	customerSearch: string;
	customerTag: string;
	messageChannel: string;
	messageTemplate: string;
	messageStatus: string;
	/** "a sort field" of the customer and message lists (the spec names `sort_key` for reviews only). */
	customerSortKey: string;
	messageSortKey: string;
}

export interface Dialect {
	name: string;
	/** One line: what this service chose. */
	about: string;
	names: QueryNames;
	/** The value of the review facet that selects duplicates (the spec's "duplicate facet"). */
	duplicateFacet: string;
	/** The customer facet value that lists archived customers too (null: none; archived ones only by `archived`). */
	customerAllFacet: string | null;
	/** The largest page the service gives, and the size when none is asked for. */
	maxPageSize: number;
	defaultPageSize: number;
	/** Error bodies: the package's guess `{ success: false, code, message, errors? }`, or `{ message, errors? }`. */
	errorBody: 'envelope' | 'message-only';
	/** The status of a validation failure ("status code not stated"). */
	validationStatus: 400 | 422;
	/** Whether PUT /reviews/{id}/reply also sets `replied_at`. */
	replySetsRepliedAt: boolean;
	/** Equal sort values come back in a fresh order on every request (./tie-order.ts); else by id. */
	tiesReordered?: boolean;
	/** Some new records are listed a few seconds late, out of id order (./late-join.ts); unset: at once. */
	lateJoins?: LateJoinChoice;
	/** The time zone (hours east of UTC) date_from/date_to count their days in (the spec gives none). */
	dayZoneHours: number;
	/** How a charge shows its currency ("three-letter ISO currency code": its case is not shown). */
	currencyCase: 'upper' | 'lower';
}

export const GUESS_NAMES: QueryNames = {
	page: 'page',
	perPage: 'per_page',
	sortDir: 'sort_dir',
	facet: 'facet',
	reviewSource: 'source',
	reviewLocation: 'location',
	reviewScore: 'score',
	reviewTag: 'tag',
	customerEmail: 'email',
	customerSearch: 'search',
	customerTag: 'tag',
	messageChannel: 'channel',
	messageTemplate: 'template',
	messageStatus: 'status',
	customerSortKey: 'sort_key',
	messageSortKey: 'sort_key',
};

/** Every guess as the package makes it (docs/assumptions.md). */
export const GUESSES: Dialect = {
	name: 'guesses',
	about:
		"every name as the package guesses it (contract §6 and §10: the duplicate facet is 'duplicate')",
	names: GUESS_NAMES,
	duplicateFacet: 'duplicate',
	customerAllFacet: 'all',
	maxPageSize: 100,
	defaultPageSize: 15,
	errorBody: 'envelope',
	validationStatus: 422,
	replySetsRepliedAt: false,
	dayZoneHours: 0,
	currencyCase: 'upper',
};

export const DIALECTS: Dialect[] = [
	GUESSES,
	{
		...GUESSES,
		name: 'plural-facet',
		about:
			"the duplicate facet is 'duplicates' and 'duplicate' is refused (422); no customer facet lists archived ones with the rest",
		duplicateFacet: 'duplicates',
		customerAllFacet: null,
	},
	{
		...GUESSES,
		name: 'strict-25',
		about:
			"the duplicate facet has a value no client guesses ('is_duplicate'; others are refused) and the largest page is 25",
		duplicateFacet: 'is_duplicate',
		maxPageSize: 25,
	},
	{
		...GUESSES,
		name: 'page-size-ignored',
		about: "the page size is 'limit' (per_page is ignored: pages of 15 unless limit is sent)",
		names: { ...GUESS_NAMES, perPage: 'limit' },
	},
	{
		...GUESSES,
		name: 'small-pages',
		about: 'per_page is honoured up to 30; without it pages hold 10',
		maxPageSize: 30,
		defaultPageSize: 10,
	},
	{
		...GUESSES,
		name: 'other-names',
		about:
			"every unnamed filter and the sort direction have other names (ignored when the package's are sent), the facet is 'filter'",
		names: {
			...GUESS_NAMES,
			sortDir: 'order',
			facet: 'filter',
			reviewSource: 'source_id',
			reviewLocation: 'location_id',
			reviewScore: 'rating',
			reviewTag: 'tags',
			customerEmail: 'email_address',
			customerSearch: 'q',
			customerTag: 'tags',
			messageChannel: 'channels',
			messageTemplate: 'template_slug',
			messageStatus: 'state',
		},
	},
	{
		...GUESSES,
		name: 'other-errors',
		about:
			'error bodies are { message, errors? } without success or code, validation fails with 400, and a reply sets replied_at',
		errorBody: 'message-only',
		validationStatus: 400,
		replySetsRepliedAt: true,
	},
	{
		...GUESSES,
		name: 'ties-reordered',
		about:
			'records with equal sort values (the same created_at, replied_at, a message moment) come back in a fresh order on every request, as SQL without a unique tiebreaker',
		tiesReordered: true,
	},
	{
		...GUESSES,
		name: 'late-joins',
		about:
			'a third of new records join the lists 1 to 5 s late, out of id order (commit order, a lagging read replica)',
		lateJoins: { seed: 40, share: 1 / 3, maxSeconds: 5 },
	},
];

/**
 * Services that chose otherwise where only the node's answer checks and duplicate checks look (issue 42):
 * tests switch to them by name; the model's seeds, the soak and the probe run DIALECTS only.
 */
export const EDGE_DIALECTS: Dialect[] = [
	{
		...GUESSES,
		name: 'days-utc+14',
		about: 'date_from/date_to count days in UTC+14 (Kiribati): a day starts 14 hours before UTC’s',
		dayZoneHours: 14,
	},
	{
		...GUESSES,
		name: 'days-utc-12',
		about: 'date_from/date_to count days in UTC-12: a day ends 12 hours after UTC’s',
		dayZoneHours: -12,
	},
	{
		...GUESSES,
		name: 'sort-by',
		about:
			"the customer and message lists' sort field is 'sort_by' (sort_key is ignored: the service's own order)",
		names: { ...GUESS_NAMES, customerSortKey: 'sort_by', messageSortKey: 'sort_by' },
	},
	{
		...GUESSES,
		name: 'lower-currency',
		about: "charges show their currency in lower case ('usd'), as Stripe does",
		currencyCase: 'lower',
	},
];

export function dialectNamed(name: string): Dialect {
	const all = [...DIALECTS, ...EDGE_DIALECTS];
	const dialect = all.find((d) => d.name === name);
	if (!dialect)
		throw new Error(`No dialect "${name}"; the dialects are ${all.map((d) => d.name).join(', ')}`);
	return dialect;
}

/** The dialect of the tests in this process: SIM_DIALECT (npm run soak -- --dialect, the e2e), else guesses. */
export function dialectOfEnvironment(): Dialect {
	const name = process.env.SIM_DIALECT;
	return name ? dialectNamed(name) : GUESSES;
}
