/**
 * helpers/answer-checks.ts on hand-built answers (no engine, no HTTP: the one read of checkByRead is
 * stubbed): when a filter, the date range or an order counts as ignored, and what the error says.
 * Through the engine against the simulator: actions/<resource>/answer-checks*.test.ts,
 * actions/lists/date-zones.test.ts, actions/lists/sort-key-ignored.test.ts.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	answerChecker,
	checkByRead,
	hasTagSlug,
	numberIs,
	textIs,
} from '../../nodes/ReviewCollection/helpers/answer-checks';
import type { AnswerChecks } from '../../nodes/ReviewCollection/helpers/answer-checks';
import { apiRequest } from '../../nodes/ReviewCollection/transport';

jest.mock('../../nodes/ReviewCollection/transport', () => ({
	...jest.requireActual('../../nodes/ReviewCollection/transport'),
	apiRequest: jest.fn(),
}));

const request = apiRequest as jest.MockedFunction<typeof apiRequest>;
const node = { name: 'Review Collection' } as never;
const ctx = { getNode: () => node } as unknown as IExecuteFunctions;
const HOUR = 3600;
const DAY = 86400;

const reviews: AnswerChecks = {
	record: 'review',
	filters: [
		{ filter: 'score', label: 'Score', test: numberIs('score') },
		{ filter: 'channel', label: 'Channel', test: textIs('channel') },
	],
	dateField: { dateKey: true },
	sort: { defaultDirection: 'desc' },
};

/** The error `run` throws (a NodeApiError). */
function errorOf(run: () => unknown): NodeApiError {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(NodeApiError);
		return error as NodeApiError;
	}
	throw new Error('no error thrown');
}

const checker = (qs: IDataObject, checks: AnswerChecks = reviews, itemIndex = 0) =>
	answerChecker(ctx, itemIndex, qs, checks)!;
const page = (qs: IDataObject, data: unknown, checks: AnswerChecks = reviews) =>
	checker(qs, checks).page({ data } as never);

describe('answerChecker: nothing to check', () => {
	it.each([
		[{}],
		[{ score: '', channel: '  ' }],
		[{ date_from: '2025-1-2', date_to: 'soon' }],
		[{ date_from: 'x2025-01-10', date_to: '2025-01-12x' }],
		[{ date_from: true, score: false }],
		[{ sort_key: '' }],
		[{ sort_dir: 'asc' }],
	])('%j: no checker', (qs) => {
		expect(answerChecker(ctx, 0, qs, reviews)).toBeUndefined();
	});

	it('a date range or sort key the operation does not check: no checker', () => {
		const qs = { date_from: '2025-01-02', sort_key: 'id' };
		expect(answerChecker(ctx, 0, qs, { record: 'x' })).toBeUndefined();
		expect(answerChecker(ctx, 0, qs, { record: 'x', filters: [] })).toBeUndefined();
		expect(
			answerChecker(ctx, 0, { date_from: '2025-01-02' }, { record: 'x', sort: {} }),
		).toBeUndefined();
	});
});

describe('answerChecker: filters', () => {
	it('records that show the value asked, or do not show it: fine', () => {
		expect(() =>
			page({ score: 5, channel: 'Email' }, [
				{ id: 1, score: 5, channel: 'email' },
				{ id: 2 },
				'not a record',
				null,
			]),
		).not.toThrow();
		expect(() => page({ score: '5' }, { not: 'a list' })).not.toThrow();
	});

	it('one record with another value: the filter named, the record shown, nothing output', () => {
		const error = errorOf(() =>
			page({ score: ' 5 ' }, [
				{ id: 1, score: 5 },
				{ id: 2, score: 3 },
				{ id: 4, score: 1 },
			]),
		);
		const message =
			'Filters → Score (sent as score=5) was ignored by the service: records with other values came back (review 2 has score 3)';
		expect(error.message).toBe(`${message}; nothing was output`);
		expect(error.errorResponse).toEqual({ message, httpCode: '200' });
		expect(error.description).toBe(
			"The service did not apply this query parameter: it may name it otherwise (the API documentation does not give the name). Set the service's own name in Options → Query Parameters (Name: the service's parameter, Value: 5); keep the filter set so the node still checks the answer.",
		);
		expect(error.httpCode).toBe('200');
		expect(error.context.itemIndex).toBe(0);
	});

	it('two filters ignored: both named, each with its record', () => {
		const error = errorOf(() =>
			checker({ score: 5, channel: 'sms' }, reviews, 3).page({
				data: [
					{ id: 1, score: 2, channel: 'sms' },
					{ id: 2, score: 5, channel: 'email' },
				],
			} as never),
		);
		expect(error.message).toBe(
			'Filters → Score (sent as score=5) and Filters → Channel (sent as channel=sms) were ignored by the service: records with other values came back (review 1 has score 2; review 2 has channel email); nothing was output',
		);
		expect(error.description).toMatch(
			/^The service did not apply these query parameters: it may name them otherwise/,
		);
		expect(error.description).toMatch(/Value: 5\)/);
		expect(error.context.itemIndex).toBe(3);
	});
});

describe('answerChecker: Date From / Date To', () => {
	const from = Date.UTC(2025, 0, 10) / 1000;
	const to = Date.UTC(2025, 0, 12) / 1000;
	const qs = { date_from: '2025-01-10', date_to: '2025-01-12' };
	const at = (created_at: unknown, more: IDataObject = {}) => [{ id: 9, created_at, ...more }];

	it('any time zone from UTC-12 to UTC+14 counts: 14 hours before the first day, 12 after the last', () => {
		expect(() => page(qs, at(from - 14 * HOUR))).not.toThrow();
		expect(() => page(qs, at(to + DAY + 12 * HOUR))).not.toThrow();
		expect(() => page(qs, at(from - 14 * HOUR - 1))).toThrow(NodeApiError);
		expect(() => page(qs, at(to + DAY + 12 * HOUR + 1))).toThrow(NodeApiError);
	});

	it('one bound only: the other side open', () => {
		expect(() => page({ date_from: '2025-01-10' }, at(to + 100 * DAY))).not.toThrow();
		expect(() => page({ date_from: '2025-01-10' }, at(from - DAY))).toThrow(NodeApiError);
		expect(() => page({ date_to: '2025-01-12' }, at(from - 100 * DAY))).not.toThrow();
		expect(() => page({ date_to: '2025-01-12' }, at(to + 2 * DAY))).toThrow(NodeApiError);
	});

	it('a record outside: the filter named with what was sent, the record’s instant shown', () => {
		const error = errorOf(() => page(qs, at(from - DAY)));
		expect(error.message).toBe(
			'Filters → Date From / Date To (sent as date_from=2025-01-10, date_to=2025-01-12) were ignored by the service: records outside that range came back (review 9 has created_at 2025-01-09T00:00:00.000Z); nothing was output',
		);
		expect(error.description).toBe(
			"The records' created_at lies outside the days asked for (the node allows for any time zone the service may count days in). If the service names these parameters otherwise, set its names in Options → Query Parameters (name/value).",
		);
		const one = errorOf(() => page({ date_to: '2025-01-12' }, at(to + 2 * DAY)));
		expect(one.message).toMatch(
			/^Filters → Date From \/ Date To \(sent as date_to=2025-01-12\) was ignored/,
		);
	});

	it('the date key sent names the field; a fixed field ignores it', () => {
		const keyed = { ...qs, date_key: 'replied_at' };
		expect(() => page(keyed, at(from - DAY, { replied_at: from }))).not.toThrow();
		const error = errorOf(() => page(keyed, at(from, { replied_at: from - DAY })));
		expect(error.message).toMatch(
			/\(sent as date_from=2025-01-10, date_to=2025-01-12, date_key=replied_at\)/,
		);
		expect(error.message).toMatch(/has replied_at /);
		const charges: AnswerChecks = { record: 'charge', dateField: { field: 'charged_at' } };
		expect(() =>
			page(keyed, [{ id: 1, charged_at: '2025-01-11T10:00:00+02:00', replied_at: 0 }], charges),
		).not.toThrow();
		const late = errorOf(() => page(qs, [{ id: 1, charged_at: '2025-02-01T00:00:00Z' }], charges));
		expect(late.message).toMatch(/charge 1 has charged_at 2025-02-01T00:00:00.000Z/);
	});

	it.each([[null], [''], ['soon'], [NaN], [Infinity], [{}], [['2025-01-01']], [true]])(
		'a field that shows no instant (%j): skipped',
		(value) => {
			expect(() => page(qs, at(value))).not.toThrow();
		},
	);
});

describe('answerChecker: the order asked', () => {
	const byName = (names: Array<string | number | null>) =>
		names.map((name, i) => ({ id: i + 1, name }));

	it('no sort key sent: the service’s own order is not checked', () => {
		expect(answerChecker(ctx, 0, { sort_dir: 'asc' }, reviews)).toBeUndefined();
	});

	it('the order asked, nulls and equal keys anywhere: fine', () => {
		const asc = { sort_key: 'name', sort_dir: 'asc' };
		expect(() => page(asc, byName(['a', null, 'b', 'b', 'C', 'd']))).not.toThrow();
		expect(() => page({ ...asc, sort_dir: 'DESC' }, byName(['d', 'c', 'B', 'a']))).not.toThrow();
		expect(() => page({ sort_key: 'name' }, byName(['d', 'c']))).not.toThrow();
	});

	it('a reversed order with a direction sent: Sort Direction named', () => {
		const error = errorOf(() => page({ sort_key: 'name', sort_dir: 'asc' }, byName(['b', 'a'])));
		expect(error.message).toBe(
			'Options → Sort Direction (sent as sort_dir=asc) was ignored by the service: the reviews came back in descending name order (review 1 with name "b" came before review 2 with "a"); nothing was output',
		);
		expect(error.description).toBe(
			"The service may name the sort direction otherwise (the API documentation does not give its name). Set the service's own name in Options → Query Parameters (Name: the service's parameter, Value: asc).",
		);
		const desc = errorOf(() => page({ sort_key: 'name', sort_dir: 'desc' }, byName(['a', 'b'])));
		expect(desc.message).toMatch(/sort_dir=desc\) was ignored .* in ascending name order/);
	});

	it('no direction sent, the opposite of the documented default: Sort Direction suggested', () => {
		const error = errorOf(() => page({ sort_key: 'name' }, byName(['a', 'b'])));
		expect(error.message).toBe(
			'Options → Sort By (sent as sort_key=name, no direction) came back in ascending order, not the descending order the API documentation gives as the default (review 1 with name "a" came before review 2 with "b"); nothing was output',
		);
		expect(error.description).toBe('Set Options → Sort Direction to the order you want.');
		const ascDefault: AnswerChecks = { record: 'customer', sort: { defaultDirection: 'asc' } };
		const reversed = errorOf(() => page({ sort_key: 'name' }, byName(['b', 'a']), ascDefault));
		expect(reversed.message).toMatch(/came back in descending order, not the ascending order/);
	});

	it('no default direction (messages): either order, but not a mix', () => {
		const free: AnswerChecks = { record: 'message', sort: {} };
		expect(() =>
			page(
				{ sort_key: 'sent_at' },
				[
					{ id: 1, sent_at: 1 },
					{ id: 2, sent_at: 2 },
				],
				free,
			),
		).not.toThrow();
		expect(() =>
			page(
				{ sort_key: 'sent_at' },
				[
					{ id: 1, sent_at: 2 },
					{ id: 2, sent_at: 1 },
				],
				free,
			),
		).not.toThrow();
		const error = errorOf(() =>
			page(
				{ sort_key: 'sent_at', sort_dir: 'up' },
				[
					{ id: 1, sent_at: 2 },
					{ id: 2, sent_at: 1 },
					{ id: 3, sent_at: 3 },
				],
				free,
			),
		);
		expect(error.message).toMatch(
			/^Options → Sort By \(sent as sort_key=sent_at\) was ignored by the service: the messages did not come back in sent_at order \(message 1 with sent_at 2 came before message 2 with 1\)/,
		);
		expect(error.description).toBe(
			'Check that the service sorts its messages by sent_at; if it names the sort key parameter otherwise, set its name in Options → Query Parameters (name/value).',
		);
	});

	it('a mixed order with a direction sent: Sort By named, at the first pair against it', () => {
		const error = errorOf(() =>
			page({ sort_key: 'score', sort_dir: 'desc' }, [
				{ id: 1, score: 1 },
				{ id: 2, score: 3 },
				{ id: 3, score: 2 },
			]),
		);
		expect(error.message).toMatch(/^Options → Sort By \(sent as sort_key=score\) was ignored/);
		expect(error.message).toMatch(/\(review 1 with score 1 came before review 2 with 3\)/);
		const asc = errorOf(() =>
			page({ sort_key: 'score', sort_dir: 'asc' }, [
				{ id: 1, score: 1 },
				{ id: 2, score: 3 },
				{ id: 3, score: 2 },
			]),
		);
		expect(asc.message).toMatch(/\(review 2 with score 3 came before review 3 with 2\)/);
	});

	it('text by its first ASCII letter or digit, where every collation agrees; else skipped', () => {
		const asc = { sort_key: 'name', sort_dir: 'asc' };
		// Case-blind and case-sensitive collations disagree on `B` against `a`; accents vary by language.
		expect(() => page(asc, byName(['B', 'a']))).not.toThrow();
		expect(() => page(asc, byName(['a', 'B']))).not.toThrow();
		expect(() => page(asc, byName(['éa', 'b', 'ä']))).not.toThrow();
		expect(() => page(asc, byName(['  b', 'a']))).toThrow(NodeApiError);
		expect(() => page(asc, byName(['ab', 'aa']))).not.toThrow();
		expect(() => page(asc, byName(['ba', 'ab']))).toThrow(NodeApiError);
		// `A` then `a`: equal without case, apart with it: no order either way.
		expect(() => page({ ...asc, sort_dir: 'desc' }, byName(['A', 'a']))).not.toThrow();
		// A digit as text against a number: not compared (`'5' - 3` would be).
		expect(() =>
			page(asc, [
				{ id: 1, name: '5' },
				{ id: 2, name: 3 },
			]),
		).not.toThrow();
		expect(() => page(asc, byName(['1', '0']))).toThrow(NodeApiError);
		expect(() => page(asc, byName(['b', 'B']))).not.toThrow();
		// A number between texts compares with neither: the pairs around it are skipped.
		expect(() => page(asc, byName(['c', 3, 'a']))).not.toThrow();
		expect(() =>
			page(asc, [
				{ id: 1, name: 2 },
				{ id: 2, name: 1 },
			]),
		).toThrow(NodeApiError);
		expect(() =>
			page(asc, [
				{ id: 1, name: 2 },
				{ id: 2, name: '1' },
			]),
		).not.toThrow();
		expect(() =>
			page(asc, [
				{ id: 1, name: Infinity },
				{ id: 2, name: 1 },
			]),
		).not.toThrow();
	});

	it('list: the order across pages', () => {
		const check = checker({ sort_key: 'name', sort_dir: 'asc' });
		expect(() => check.page({ data: byName(['b']) } as never)).not.toThrow();
		expect(() => check.page({ data: byName(['a']) } as never)).not.toThrow();
		expect(() => check.list(byName(['b', 'a']))).toThrow(
			/Options → Sort Direction \(sent as sort_dir=asc\) was ignored/,
		);
		expect(() => check.list(byName(['a', 'b', 'c']))).not.toThrow();
	});
});

describe('checkByRead: a filter the list does not show', () => {
	const tags = { filter: 'tag', label: 'Tag', test: hasTagSlug('tags') };
	const read = (qs: IDataObject, records: IDataObject[]) =>
		checkByRead(ctx, 2, {
			path: '/project/customers',
			qs,
			records,
			check: tags,
			execution: {} as never,
		});

	beforeEach(() => request.mockReset());

	it('no filter sent, or no record: nothing read', async () => {
		await read({}, [{ id: 1 }]);
		await read({ tag: ' ' }, [{ id: 1 }]);
		await read({ tag: 'vip' }, []);
		expect(request).not.toHaveBeenCalled();
	});

	it('the first record read on its own; showing the tag (or not showing tags): fine', async () => {
		request.mockResolvedValueOnce({ data: { id: 4, tags: [{ slug: 'vip' }] } } as never);
		await read({ tag: 'vip' }, [{ id: 4 }, { id: 5 }]);
		expect(request).toHaveBeenCalledWith(ctx, {
			method: 'GET',
			path: '/project/customers/4',
			itemIndex: 2,
			execution: {},
		});
		request.mockResolvedValueOnce({ data: { id: 4 } } as never);
		await read({ tag: 'vip' }, [{ id: 4 }]);
		request.mockResolvedValueOnce({ data: 'not a record' } as never);
		await read({ tag: 'vip' }, [{ id: 4 }]);
	});

	it('without the tag: the filter named, the record shown, nothing output', async () => {
		request.mockResolvedValueOnce({ data: { id: 4, tags: [{ slug: 'new' }] } } as never);
		const error = (await read({ tag: 'vip' }, [{ id: 4 }]).catch(
			(e: unknown) => e,
		)) as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		const message =
			'Filters → Tag (sent as tag=vip) was ignored by the service: record 4, read on its own, has tags new';
		expect(error.message).toBe(`${message}; nothing was output`);
		expect(error.errorResponse).toEqual({ message, httpCode: '200' });
		expect(error.description).toBe(
			"The list does not show this field, so the node read one record it listed. The service did not apply the query parameter: it may name it otherwise (the API documentation does not give the name). Set the service's own name in Options → Query Parameters (Name: the service's parameter, Value: vip); keep the filter set so the node still checks the answer.",
		);
		expect(error.httpCode).toBe('200');
		expect(error.context.itemIndex).toBe(2);
	});
});
