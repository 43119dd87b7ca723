/**
 * "What the answer shows is checked" (node-contract.md §10): the names of most list filters and of the
 * sort direction are guesses (the spec: "not shown"), and a service that names them otherwise ignores
 * ours as unknown parameters. Where a record shows what was asked (a review's score, a message's
 * channel, the date key's field, the sort key's field), every page is checked as it comes (records of
 * a page in the order asked) and then the whole list (the order across pages); one record a filter
 * excludes, or records out of the order asked, fail the item before anything is output, with an
 * error naming the parameter as the user sees it, the query name sent, and where to set the
 * service's own name (Options → Query Parameters). Each Get Many says what it checks
 * (actions/<resource>/getAll.operation.ts); what a record does not show is not checked.
 *
 * Never a false alarm on a service that applies what was asked: a record that does not show the
 * field is skipped, a sort key's null values are skipped (where nulls sort is the service's choice),
 * text is compared without case and only by what every collation agrees on, dates allow for any time
 * zone the service may count days in, and the service's own order when no sort key is sent is not
 * checked.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiEnvelope, Execution } from '../transport';
import { apiRequest } from '../transport';
import type { RecordTest } from './answer-fields';
import { isRecord } from './answer-fields';
import type { SortRule } from './answer-order';
import { orderProblem, sortAsked, sortMessage, textOf } from './answer-order';

export { hasTagSlug, numberIs, refIs, slugStartsWith, textContains, textIs } from './answer-fields';

/** A filter whose value a record shows: `filter` is its name in Filters, also its query name. */
export interface FilterCheck {
	filter: string;
	/** Its display name in Filters. */
	label: string;
	/** What the record shows of it (`shows`), and whether that matches the value sent; undefined: not shown. */
	test: RecordTest;
}

export interface AnswerChecks {
	/** The records' kind, for the error ("review"). */
	record: string;
	filters?: FilterCheck[];
	/** The field the date range applies to: the date key sent (`dateKey`, default created_at), or a fixed one. */
	dateField?: { dateKey: true } | { field: string };
	/** Whether `sort_key` is checked, and the direction the spec gives when none is sent. */
	sort?: SortRule;
}

export interface AnswerChecker {
	/** Checks one answer (a page) as it arrives. */
	page: (envelope: ApiEnvelope) => void;
	/** Checks the whole list read (the order across pages). */
	list: (records: IDataObject[]) => void;
}

/** The checks of what `qs` asks; undefined when it asks nothing a record shows. */
export function answerChecker(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	itemIndex: number,
	qs: IDataObject,
	checks: AnswerChecks,
): AnswerChecker | undefined {
	const filters = (checks.filters ?? [])
		.map((check) => ({ check, value: textOf(qs[check.filter]) }))
		.filter(({ value }) => value !== '');
	const range = dateRange(qs, checks);
	const order = sortAsked(qs, checks.sort);
	if (!filters.length && !range && !order) return undefined;
	const fail = (message: string, description: string) =>
		new NodeApiError(
			ctx.getNode(),
			{ message, httpCode: '200' },
			{ message: `${message}; nothing was output`, description, httpCode: '200', itemIndex },
		);
	const what = checks.record;

	const checkOrder = (records: IDataObject[]) => {
		if (!order) return;
		const problem = orderProblem(records, order.key, order.direction);
		if (problem) throw fail(...sortMessage(what, order, problem));
	};
	return {
		page(envelope) {
			const records = Array.isArray(envelope.data)
				? (envelope.data as unknown[]).filter(isRecord)
				: [];
			const ignored = filters.flatMap(({ check, value }) => {
				for (const record of records) {
					const seen = check.test(record, value);
					if (seen && !seen.ok) return [{ check, value, record, shows: seen.shows }];
				}
				return [];
			});
			if (ignored.length) {
				const many = ignored.length > 1;
				const names = ignored.map(
					({ check, value }) => `Filters → ${check.label} (sent as ${check.filter}=${value})`,
				);
				const shown = ignored.map(
					({ record, shows }) => `${what} ${String(record.id)} has ${shows}`,
				);
				throw fail(
					`${names.join(' and ')} ${many ? 'were' : 'was'} ignored by the service: records with other values came back (${shown.join('; ')})`,
					`The service did not apply ${many ? 'these query parameters' : 'this query parameter'}: it may name ${many ? 'them' : 'it'} otherwise (the API documentation does not give the name). Set the service's own name in Options → Query Parameters (Name: the service's parameter, Value: ${ignored[0].value}); keep the filter set so the node still checks the answer.`,
				);
			}
			if (range) {
				for (const record of records) {
					const at = secondsOf(record[range.field]);
					if (at === undefined || (at >= range.earliest && at <= range.latest)) continue;
					throw fail(
						`Filters → Date From / Date To (sent as ${range.sent}) ${range.sent.includes(',') ? 'were' : 'was'} ignored by the service: records outside that range came back (${what} ${String(record.id)} has ${range.field} ${new Date(at * 1000).toISOString()})`,
						`The records' ${range.field} lies outside the days asked for (the node allows for any time zone the service may count days in). If the service names these parameters otherwise, set its names in Options → Query Parameters (name/value).`,
					);
				}
			}
			checkOrder(records);
		},
		list: checkOrder,
	};
}

/**
 * A filter the list's records do not show (a customer's tags): the first record of the answer is read
 * on its own, where the record shows it. One request, only when the filter is sent and records came.
 */
export async function checkByRead(
	ctx: IExecuteFunctions,
	itemIndex: number,
	read: {
		path: string;
		qs: IDataObject;
		records: IDataObject[];
		check: FilterCheck;
		execution: Execution;
	},
): Promise<void> {
	const { path, qs, records, check, execution } = read;
	const value = textOf(qs[check.filter]);
	const [first] = records;
	if (value === '' || first === undefined) return;
	const { data } = await apiRequest(ctx, {
		method: 'GET',
		path: `${path}/${String(first.id)}`,
		itemIndex,
		execution,
	});
	const seen = isRecord(data) ? check.test(data, value) : undefined;
	if (!seen || seen.ok) return;
	const message = `Filters → ${check.label} (sent as ${check.filter}=${value}) was ignored by the service: record ${String(first.id)}, read on its own, has ${seen.shows}`;
	throw new NodeApiError(
		ctx.getNode(),
		{ message, httpCode: '200' },
		{
			message: `${message}; nothing was output`,
			description: `The list does not show this field, so the node read one record it listed. The service did not apply the query parameter: it may name it otherwise (the API documentation does not give the name). Set the service's own name in Options → Query Parameters (Name: the service's parameter, Value: ${value}); keep the filter set so the node still checks the answer.`,
			httpCode: '200',
			itemIndex,
		},
	);
}

const HOUR = 3600;

/**
 * date_from..date_to as the service may count them: its days may be in any time zone from UTC-12 to
 * UTC+14, so a record is outside only when it is outside in every one of them.
 */
function dateRange(qs: IDataObject, checks: AnswerChecks) {
	if (!checks.dateField) return undefined;
	const from = dayStart(qs.date_from);
	const to = dayStart(qs.date_to);
	if (from === undefined && to === undefined) return undefined;
	const field =
		'field' in checks.dateField ? checks.dateField.field : textOf(qs.date_key) || 'created_at';
	const sent = ['date_from', 'date_to', 'date_key']
		.filter((name) => textOf(qs[name]) !== '')
		.map((name) => `${name}=${textOf(qs[name])}`)
		.join(', ');
	return {
		field,
		sent,
		earliest: from === undefined ? -Infinity : from - 14 * HOUR,
		latest: to === undefined ? Infinity : to + 24 * HOUR + 12 * HOUR,
	};
}

function dayStart(value: unknown): number | undefined {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(textOf(value));
	if (!match) return undefined;
	return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 1000;
}

/** Unix seconds (lists' timestamps), or an ISO 8601 string (a charge's charged_at); else undefined. */
function secondsOf(value: unknown): number | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (typeof value !== 'string' || value === '') return undefined;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : ms / 1000;
}
