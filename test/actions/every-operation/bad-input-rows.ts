import type { INodeParameters } from 'n8n-workflow';

import { byId } from '../../harness/simulator-env';
import type { Case } from '../../harness/operation-catalogue';
import { AGENCY_KEY_AUTH, CATALOGUE, nameOf } from '../../harness/operation-catalogue';

/**
 * The bad inputs of bad-input.test.ts, one row per field and rule the spec states: the operation, the
 * parameters that feed `$json.v` (or `$json.id`) into the field, the problem the error must name, and
 * the values tried.
 */
export interface Row {
	operation: string;
	parameters: INodeParameters;
	field: string;
	problem: RegExp;
	values: unknown[];
	/** ID rows: the case whose first valid item gets the bad `id` (its other values stay valid). */
	base?: Case;
}

const v = '={{ $json.v }}';
const long = (n: number, fill = 'x') => fill.repeat(n);
const row = (
	operation: string,
	parameters: INodeParameters,
	field: string,
	problem: RegExp,
	values: unknown[],
): Row => ({
	operation,
	parameters,
	field,
	problem,
	values,
});

const LENGTH_3_50 = /must be 3 to 50 characters/;
const MAX_30 = /must be at most 30 characters/;
const SPRITE = /must be a Font Awesome style prefix/;
const DATE = /must be a date as YYYY-MM-DD/;
const NOT_INSTANT = /is not a date-time|must be whole Unix seconds|must be a date-time/;

const ID_FIELDS: Record<string, string> = {
	projectId: 'Project',
	clientId: 'Client',
	reviewId: 'Review',
	customerId: 'Customer',
	chargeId: 'Charge',
	messageId: 'Message',
	sourceId: 'Source',
	shareTemplateId: 'Share Template',
};

/** The locator parameter of a case that reads its ID from `$json.id`. */
export function idParameterOf(c: Case): string {
	return Object.keys(c.parameters).find((name) =>
		JSON.stringify(c.parameters[name]).includes('$json.id'),
	)!;
}

export const ID_CASES = CATALOGUE.filter((c) => idParameterOf(c) !== undefined);

export const ROWS: Row[] = [
	// Project name 3-50 (create, duplicate)
	row('project.create', { name: v }, 'Name', LENGTH_3_50, [
		'ab',
		'é€',
		long(51),
		`  ${long(51)}  `,
	]),
	row('project.create', { name: v }, 'Name', /is required/, ['   ']),
	row('project.duplicate', { projectId: byId(1), name: v }, 'Name', LENGTH_3_50, ['ab', long(51)]),
	// Score 1-5
	row('review.create', { score: v }, 'Score', /must be from 1 to 5/, [0, 6, -1, 100]),
	row('review.create', { score: v }, 'Score', /must be a whole number/, [2.5, 'five', true]),
	// Source name / slug / color <= 30, sprite pattern and <= 50
	row('source.create', { name: v }, 'Name', MAX_30, [long(31)]),
	row('source.create', { name: v }, 'Name', /is required/, ['  ']),
	row('source.create', { name: 'Yelp', additionalFields: { color: v } }, 'Color', MAX_30, [
		`#${long(30, 'a')}`,
	]),
	row('source.create', { name: 'Yelp', additionalFields: { sprite: v } }, 'Sprite', SPRITE, [
		'fa-solid fa-star',
		'fab fa-Google',
		'fab fa-google-',
		'fab',
		'fas fa_star',
	]),
	row(
		'source.create',
		{ name: 'Yelp', additionalFields: { sprite: v } },
		'Sprite',
		/at most 50 characters/,
		[`fab fa-${long(44, 'a')}`],
	),
	row('source.update', { sourceId: byId(1), name: v }, 'Name', MAX_30, [long(31)]),
	row(
		'source.update',
		{ sourceId: byId(1), name: 'Google', updateFields: { slug: v } },
		'Slug',
		MAX_30,
		[long(31, 's')],
	),
	row(
		'source.update',
		{ sourceId: byId(1), name: 'Google', updateFields: { color: v } },
		'Color',
		MAX_30,
		[long(31, 'c')],
	),
	row(
		'source.update',
		{ sourceId: byId(1), name: 'Google', updateFields: { sprite: v } },
		'Sprite',
		SPRITE,
		['fa-brands fa-google'],
	),
	// Instants: integer seconds, or a parseable string of at most 50 characters
	row(
		'review.create',
		{ score: 5, additionalFields: { createdAt: v } },
		'Created At',
		NOT_INSTANT,
		['next tuesday-ish', 1.5, -5, '2026-13-45T99:00:00Z'],
	),
	row(
		'review.create',
		{ score: 5, additionalFields: { createdAt: v } },
		'Created At',
		/at most 50 characters/,
		[`2026-01-01T00:00:00Z${long(31, ' ')}x`],
	),
	row('customer.create', { additionalFields: { signedUpAt: v } }, 'Signed Up At', NOT_INSTANT, [
		'soon',
		3.25,
	]),
	row(
		'charge.create',
		{ amount: 100, currency: 'USD', additionalFields: { chargedAt: v } },
		'Charged At',
		NOT_INSTANT,
		['whenever'],
	),
	row(
		'charge.create',
		{ amount: 100, currency: 'USD', additionalFields: { chargedAt: v } },
		'Charged At',
		/at most 50 characters/,
		[long(51, '1 ')],
	),
	row(
		'ask.create',
		{ channels: ['email'], email: 'a@b.co', phone: '', additionalFields: { askedAt: v } },
		'Asked At',
		NOT_INSTANT,
		['later today'],
	),
	// YYYY-MM-DD date filters, and Date To >= Date From
	...['review', 'customer', 'charge', 'message'].flatMap((resource) => [
		row(`${resource}.getAll`, { returnAll: true, filters: { dateFrom: v } }, 'Date From', DATE, [
			'2026-02-30',
			'01/02/2026',
			'2026-1-5',
			'yesterday',
		]),
		row(`${resource}.getAll`, { returnAll: true, filters: { dateTo: v } }, 'Date To', DATE, [
			'2026-13-01',
		]),
		row(
			`${resource}.getAll`,
			{ returnAll: true, filters: { dateFrom: '2026-03-10', dateTo: v } },
			'Date To',
			/must not be before Date From \(2026-03-10\)/,
			['2026-03-09', '2025-12-31'],
		),
	]),
	// Currency (3 letters) and amount (integer)
	row('charge.create', { amount: 100, currency: v }, 'Currency', /three-letter ISO code/, [
		'EURO',
		'E1R',
		'US',
		'€€€',
	]),
	row('charge.create', { amount: v, currency: 'USD' }, 'Amount', /must be a whole number/, [
		12.5,
		'ten',
		'1,000',
	]),
	// Email format
	row('client.create', { email: v, projectIds: '1' }, 'Email', /is not an email address/, [
		'not-an-email',
		'a@b',
		'a b@c.de',
	]),
	row('customer.create', { additionalFields: { email: v } }, 'Email', /is not an email address/, [
		'x@',
		'@example.com',
	]),
	// ID lists and other integers
	row(
		'client.create',
		{ email: 'a@b.co', projectIds: v },
		'Project IDs',
		/must be an ID|at least one ID/,
		['abc', '0', '1,x', ' , '],
	),
	row(
		'client.update',
		{ clientId: byId(1), updateFields: { sectionIds: v } },
		'Section IDs',
		/must be an ID/,
		['-3'],
	),
	row(
		'project.updateOverrides',
		{ projectId: byId(1), overrides: { customers: v } },
		'Customers',
		/whole number|at least 0/,
		[-1, 'lots', 1.5],
	),
	row(
		'ask.create',
		{ channels: ['email'], email: 'a@b.co', phone: '', additionalFields: { remindersCount: v } },
		'Reminders Count',
		/whole number|at least 0/,
		[-1, 2.5],
	),
	row(
		'ask.create',
		{ channels: v, email: 'a@b.co', phone: '+15550100' },
		'Channels',
		/must be email or sms|choose Email, SMS or both/,
		[['fax'], []],
	),
	row(
		'ask.create',
		{ channels: ['email', 'sms'], email: v, phone: '' },
		'Phone',
		/is needed when Channels has SMS/,
		['a@b.co'],
	),
	row(
		'review.createShareImage',
		{ reviewId: byId(1), options: { ratio: v } },
		'Ratio',
		/must look like 1:1/,
		['square', '1/1'],
	),
	row(
		'review.createShareImage',
		{ reviewId: byId(1), options: { shareTemplateId: byId(v) } },
		'Share Template',
		/must be an ID/,
		['abc', '0'],
	),
	// Every ID that is not a positive integer, on every operation that takes one
	...ID_CASES.map((c) => ({
		...row(
			nameOf(c),
			c.parameters,
			ID_FIELDS[idParameterOf(c)],
			/must be an ID \(a positive whole number\)/,
			['0', '-1', '1.5', 'abc', 2.5, '1e3', '', -7],
		),
		base: c,
	})),
	// The project of the agency-key authentication
	row(
		'customer.get',
		{ ...AGENCY_KEY_AUTH, projectId: byId(v), customerId: byId(1) },
		'Project',
		/expected a project ID/,
		['0', 'abc'],
	),
	row(
		'review.create',
		{ ...AGENCY_KEY_AUTH, projectId: byId(v), score: 5 },
		'Project',
		/expected a project ID/,
		['-4'],
	),
];
