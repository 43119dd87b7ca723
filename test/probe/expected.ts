/** What the probe must say against each dialect of the simulator (npm run probe and Check Service). */

const PAGE_SIZE_ROWS = [
	'page-size.reviews',
	'page-size.customers',
	'page-size.messages',
	'page-size.charges',
	'page-size.customer-charges',
	'page-size.customer-messages',
	'page-size.customer-reviews',
];

/** What each dialect chose otherwise than the package guesses: the rows the probe must call `differs`. */
export const EXPECTED_DIFFERS: Record<string, string[]> = {
	guesses: [],
	'plural-facet': ['review.duplicate-facet', 'customer.facet-all'],
	'strict-25': ['review.duplicate-facet', 'largest-page'],
	'page-size-ignored': PAGE_SIZE_ROWS,
	'small-pages': ['largest-page'],
	'other-names': [
		'review.duplicate-facet',
		'review.source',
		'review.location',
		'review.score',
		'review.tag',
		'customer.email',
		'customer.search',
		'customer.tag',
		'customer.facet-all',
		'message.channel',
		'message.template',
		'message.status',
		'reviews.sort-dir',
		'customers.sort-dir',
		'messages.sort-dir',
	],
	'other-errors': ['error.body', 'error.validation-status'],
	'ties-reordered': ['equal-values'],
	// Late appearance is not seen with GET requests alone (docs/assumptions.md row 10).
	'late-joins': [],
};

/** Rows no GET can decide. */
export const NEVER_CHECKED = ['reply.replied-at'];
