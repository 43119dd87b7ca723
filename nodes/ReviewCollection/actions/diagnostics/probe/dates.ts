/** Date key checks: each date_key the package sends, with a date_from that must leave records out. */
import type { Check, ListKind, ProbeRecord } from './context';
import {
	differs,
	holds,
	isRefusal,
	isWhole,
	LARGEST_PAGE,
	LISTS,
	notChecked,
	unusable,
} from './context';

const DAY = 86_400;
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** A date_from the sample shows the effect of: 1970-01-01 when some records lack the field, else a cut. */
function cutOf(records: ProbeRecord[], key: string): { from: string; start: number } | undefined {
	const values = records.map((r) => r[key]);
	if (values.some((v) => v === null || v === undefined))
		return values.some(isWhole) ? { from: '1970-01-01', start: 0 } : undefined;
	const sorted = values.filter(isWhole).sort((a, b) => a - b);
	// The service's day may start up to a day apart from UTC's: keep two days between the cut and the oldest.
	const cut = sorted.find((v) => v - 2 * DAY > sorted[0]);
	if (cut === undefined) return undefined;
	const from = dayOf(cut);
	return { from, start: Date.parse(`${from}T00:00:00Z`) / 1000 };
}

function dateKeyCheck(kind: ListKind, key: string, users: string): Check {
	return {
		id: `${kind}.date-key.${key}`,
		guess: `${kind}: date_key=${key}`,
		async run(ctx) {
			const sample = await ctx.sample(kind);
			if (!sample.records) return notChecked(unusable(sample));
			const cut = cutOf(sample.records, key);
			if (!cut) return notChecked(`the ${kind} read do not differ enough in ${key} to show it`);
			const answer = await ctx.list(LISTS[kind], {
				date_key: key,
				date_from: cut.from,
				[ctx.sizeName()]: LARGEST_PAGE,
			});
			const setting = `${users}; Options → Query Parameters: date_key = the service's name for it`;
			if (isRefusal(answer.status))
				return differs(`date_key=${key} was refused (${unusable(answer)})`, setting);
			if (!answer.records) return notChecked(unusable(answer));
			const outside = answer.records.filter((r) => {
				const value = r[key];
				return !isWhole(value) || value < cut.start - DAY;
			});
			if (outside.length > 0)
				return differs(
					`date_key=${key}&date_from=${cut.from} listed ${outside.length} ${kind} outside it (e.g. ${String(outside[0].id)})`,
					setting,
				);
			if (answer.records.length === 0)
				return differs(
					`date_key=${key}&date_from=${cut.from} listed nothing, though some ${kind} are in it`,
					setting,
				);
			return holds(`date_key=${key}&date_from=${cut.from} listed only ${kind} from that day on`);
		},
	};
}

const GET_MANY = 'Get Many checks the dates and fails naming date_key';
const trigger = (event: string, key: string) =>
	`${event}: its polls fail on a record without ${key}`;

export const dateChecks: Check[] = [
	dateKeyCheck('reviews', 'created_at', GET_MANY),
	dateKeyCheck('reviews', 'replied_at', trigger('Review Replied', 'replied_at')),
	dateKeyCheck('customers', 'created_at', GET_MANY),
	dateKeyCheck('customers', 'unsubscribed_at', trigger('Customer Unsubscribed', 'unsubscribed_at')),
	dateKeyCheck('messages', 'created_at', GET_MANY),
	dateKeyCheck('messages', 'delivered_at', trigger('Message Delivered', 'delivered_at')),
	dateKeyCheck('messages', 'opened_at', trigger('Message Opened', 'opened_at')),
	dateKeyCheck('messages', 'clicked_at', trigger('Message Clicked', 'clicked_at')),
	dateKeyCheck('messages', 'failed_at', trigger('Message Failed', 'failed_at')),
];
