/**
 * The guess table: every name and value the package sends or assumes where the API spec is silent
 * (docs/assumptions.md, "The guesses"), written once. The nodes send from it and Check Service (the
 * probe) checks it; each entry carries its row in the document and the probe rows that check it, and
 * test/node/guesses.test.ts keeps both in step. In the transport layer: the lowest that sends a name.
 */

/** The Probe column's id of a row no GET request can check. */
const UNCHECKABLE: readonly string[] = [];

const PER_PAGE = 'per_page';
const SORT_KEY = 'sort_key';
const TAG = 'tag';

export const GUESSES = {
	page: { row: 1, name: 'page', probe: ['page'] },
	perPage: {
		row: 2,
		name: PER_PAGE,
		probe: ['page-size.reviews', 'page-size.customers', 'page-size.messages'],
	},
	chargesPerPage: { row: 3, name: PER_PAGE, probe: ['page-size.charges'] },
	customerListsPerPage: {
		row: 4,
		name: PER_PAGE,
		probe: [
			'page-size.customer-charges',
			'page-size.customer-messages',
			'page-size.customer-reviews',
		],
	},
	largestPage: { row: 5, value: 100, probe: ['largest-page'] },
	defaultPage: {
		row: 6,
		value: 'pagination.per_page shows the size used',
		probe: ['default-page'],
	},
	sortDirection: {
		row: 7,
		name: 'sort_dir',
		values: { ascending: 'asc', descending: 'desc' },
		probe: ['reviews.sort-dir', 'customers.sort-dir', 'messages.sort-dir'],
	},
	customerSortKey: { row: 8, name: SORT_KEY, probe: ['customers.sort-key'] },
	messageSortKey: { row: 9, name: SORT_KEY, probe: ['messages.sort-key'] },
	idsGrow: { row: 10, value: 'record ids grow with creation', probe: ['ids-grow'] },
	facet: { row: 11, name: 'facet', probe: ['review.duplicate-facet'] },
	duplicateFacets: {
		row: 12,
		values: ['duplicate', 'duplicates'],
		probe: ['review.duplicate-facet'],
	},
	reviewSource: { row: 13, name: 'source', probe: ['review.source'] },
	reviewLocation: { row: 14, name: 'location', probe: ['review.location'] },
	reviewScore: { row: 15, name: 'score', probe: ['review.score'] },
	reviewTag: { row: 16, name: TAG, probe: ['review.tag'] },
	customerEmail: { row: 17, name: 'email', probe: ['customer.email'] },
	customerSearch: { row: 18, name: 'search', probe: ['customer.search'] },
	customerTag: { row: 19, name: TAG, probe: ['customer.tag'] },
	customerFacets: {
		row: 20,
		values: { withArchived: 'all', archivedOnly: 'archived' },
		probe: ['customer.facet-all'],
	},
	messageChannel: { row: 21, name: 'channel', probe: ['message.channel'] },
	messageTemplate: { row: 22, name: 'template', probe: ['message.template'] },
	messageStatus: { row: 23, name: 'status', probe: ['message.status'] },
	/** Furthest delivery state first; a message with none of their timestamps is `scheduled`. */
	messageStatuses: {
		row: 24,
		values: [
			'canceled',
			'halted',
			'failed',
			'complained',
			'clicked',
			'opened',
			'delivered',
			'sent',
			'processed',
		],
		none: 'scheduled',
		probe: ['message.status-values'],
	},
	errorBody: {
		row: 25,
		value: '{ success: false, code, message, errors? }',
		probe: ['error.body'],
	},
	validationStatus: { row: 26, value: 422, probe: ['error.validation-status'] },
	keyRefusedStatus: {
		row: 27,
		value: 401,
		probe: ['error.bad-project-key', 'error.bad-agency-key'],
	},
	permissionStatus: { row: 28, value: 403, probe: UNCHECKABLE },
	unknownIdStatus: { row: 29, value: 404, probe: ['error.unknown-id'] },
	rateLimitStatus: { row: 30, value: 429, probe: UNCHECKABLE },
	replyLeavesRepliedAt: { row: 31, value: true, probe: ['reply.replied-at'] },
	clientRoles: { row: 32, values: [] as string[], probe: ['client.roles'] },
	dateFilterTimeZone: { row: 33, value: 'unknown', probe: UNCHECKABLE },
	syncCustomerMatch: {
		row: 34,
		value: 'email (archived included), else phone digits',
		probe: UNCHECKABLE,
	},
	emptyDateLeftOut: {
		row: 35,
		value: 'a date range on a column leaves out records where it is empty',
		probe: [
			'reviews.date-key.replied_at',
			'customers.date-key.unsubscribed_at',
			'messages.date-key.delivered_at',
			'messages.date-key.opened_at',
			'messages.date-key.clicked_at',
			'messages.date-key.failed_at',
		],
	},
	shareLinkWithoutKey: { row: 36, value: true, probe: UNCHECKABLE },
	equalValuesKeepOrder: {
		row: 37,
		value: 'records with equal sort values keep their order between requests',
		probe: ['equal-values'],
	},
} as const;

/** Every row of the table, by its number in docs/assumptions.md. */
export type GuessId = keyof typeof GUESSES;

/**
 * The query name each list filter of the action node is sent under, by the filter's parameter name
 * (the node's names are the contract's; what the service calls them is a guess).
 */
export const FILTER_QUERY_NAMES: Record<string, string> = {
	facet: GUESSES.facet.name,
	source: GUESSES.reviewSource.name,
	location: GUESSES.reviewLocation.name,
	score: GUESSES.reviewScore.name,
	tag: TAG,
	email: GUESSES.customerEmail.name,
	search: GUESSES.customerSearch.name,
	channel: GUESSES.messageChannel.name,
	template: GUESSES.messageTemplate.name,
	status: GUESSES.messageStatus.name,
};
