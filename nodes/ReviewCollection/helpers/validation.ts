import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { withZoneOffset } from './time-zone';

/**
 * Checks of what the API states (README, "Errors, retries and bad input"), run before any request so bad input sends nothing. Every error
 * names the field and the item.
 */
type Ctx = Pick<IExecuteFunctions, 'getNode'>;

export function invalid(
	ctx: Ctx,
	itemIndex: number,
	field: string,
	problem: string,
	value?: unknown,
) {
	const got = value === undefined ? '' : ` (got ${preview(value)})`;
	return new NodeOperationError(
		ctx.getNode(),
		`Invalid ${field} in item ${itemIndex}: ${problem}${got}`,
		{
			itemIndex,
			description: `Fix "${field}" for item ${itemIndex}; nothing was sent to the service.`,
		},
	);
}

export function checkLength(
	ctx: Ctx,
	itemIndex: number,
	field: string,
	value: string,
	limits: { min?: number; max: number },
): string {
	const length = [...value].length;
	const min = limits.min ?? 0;
	if (length < min || length > limits.max) {
		const rule =
			min > 0 ? `${min} to ${limits.max} characters` : `at most ${limits.max} characters`;
		throw invalid(ctx, itemIndex, field, `must be ${rule}, it has ${length}`, value);
	}
	return value;
}

export function toInteger(
	ctx: Ctx,
	itemIndex: number,
	field: string,
	value: unknown,
	range: { min?: number; max?: number } = {},
): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number)) {
		throw invalid(ctx, itemIndex, field, 'must be a whole number', value);
	}
	if (
		(range.min !== undefined && number < range.min) ||
		(range.max !== undefined && number > range.max)
	) {
		const rule =
			range.max === undefined
				? `at least ${range.min}`
				: `from ${range.min ?? '-∞'} to ${range.max}`;
		throw invalid(ctx, itemIndex, field, `must be ${rule}`, value);
	}
	return number;
}

export function toScore(ctx: Ctx, itemIndex: number, value: unknown): number {
	return toInteger(ctx, itemIndex, 'Score', value, { min: 1, max: 5 });
}

/** Record IDs are positive whole numbers (the By ID mode of every locator checks the same pattern). */
export const ID_PATTERN = '[1-9][0-9]*';
const WHOLE_ID = new RegExp(`^${ID_PATTERN}$`);

export function toId(ctx: Ctx, itemIndex: number, field: string, value: unknown): number {
	// A locator nested in a collection is not extracted by getNodeParameter: take its value here.
	const raw = isLocator(value) ? value.value : value;
	const text = String(raw ?? '').trim();
	if (!WHOLE_ID.test(text)) {
		throw invalid(ctx, itemIndex, field, 'must be an ID (a positive whole number)', value);
	}
	return Number(text);
}

const SPRITE = /^(fab|fad|fak|fal|far|fas|fat)\s+fa-[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function checkSprite(ctx: Ctx, itemIndex: number, value: string): string {
	checkLength(ctx, itemIndex, 'Sprite', value, { max: 50 });
	if (!SPRITE.test(value)) {
		throw invalid(
			ctx,
			itemIndex,
			'Sprite',
			'must be a Font Awesome style prefix (fab, fad, fak, fal, far, fas, fat), a space and an icon such as fa-star',
			value,
		);
	}
	return value;
}

/**
 * An ISO 8601 / RFC 3339 moment: `YYYY-MM-DD`, optionally with a time (`T` or a space, `HH:MM`,
 * seconds, a fraction) and an offset (`Z`, `±HH:MM`, `±HHMM`). Every part must be in range and the date
 * must exist (no 30 February). Returns the date part, or undefined for anything else.
 */
const ISO_MOMENT =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/i;

function isoDateOf(text: string): string | undefined {
	const match = ISO_MOMENT.exec(text);
	if (!match) return undefined;
	const [
		,
		year,
		month,
		day,
		hour = '0',
		minute = '0',
		second = '0',
		,
		offsetHours = '0',
		offsetMinutes = '0',
	] = match;
	const date = new Date(Date.UTC(+year, +month - 1, +day));
	const realDate =
		date.getUTCFullYear() === +year &&
		date.getUTCMonth() === +month - 1 &&
		date.getUTCDate() === +day;
	const realTime = +hour <= 23 && +minute <= 59 && +second <= 59;
	const realOffset = +offsetHours <= 14 && +offsetMinutes <= 59;
	return realDate && realTime && realOffset ? `${year}-${month}-${day}` : undefined;
}

/**
 * Instants: integer Unix seconds, or an ISO 8601 / RFC 3339 date-time of at most 50 characters; one
 * without an offset is read in the workflow's time zone and sent with its offset (./time-zone.ts).
 */
export function toInstant(
	ctx: Pick<IExecuteFunctions, 'getNode' | 'getTimezone'>,
	itemIndex: number,
	field: string,
	value: unknown,
): number | string {
	if (typeof value === 'number') {
		if (Number.isInteger(value) && value >= 0) return value;
		throw invalid(ctx, itemIndex, field, 'must be whole Unix seconds', value);
	}
	const text = typeof value === 'string' ? value.trim() : stringOfDate(value);
	if (text === undefined) throw invalid(ctx, itemIndex, field, 'must be a date-time', value);
	if (/^\d+$/.test(text)) return Number(text);
	checkLength(ctx, itemIndex, field, text, { max: 50 });
	if (isoDateOf(text) === undefined) {
		throw invalid(
			ctx,
			itemIndex,
			field,
			'is not a date-time (use ISO 8601, e.g. 2026-11-22T10:00:00Z, or whole Unix seconds)',
			value,
		);
	}
	return withZoneOffset(text, ctx.getTimezone());
}

/** Calendar dates of list filters: `YYYY-MM-DD`; a date-time picker's value is cut to its date. */
export function toCalendarDate(ctx: Ctx, itemIndex: number, field: string, value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : (stringOfDate(value) ?? '');
	const date = isoDateOf(text);
	if (date === undefined)
		throw invalid(ctx, itemIndex, field, 'must be a date as YYYY-MM-DD', value);
	return date;
}

export function checkDateRange(ctx: Ctx, itemIndex: number, from?: string, to?: string): void {
	if (from && to && to < from) {
		throw invalid(ctx, itemIndex, 'Date To', `must not be before Date From (${from})`, to);
	}
}

export function toCurrency(ctx: Ctx, itemIndex: number, value: unknown): string {
	const text = String(value ?? '').trim();
	if (!/^[A-Za-z]{3}$/.test(text)) {
		throw invalid(ctx, itemIndex, 'Currency', 'must be a three-letter ISO code such as EUR', value);
	}
	return text.toUpperCase();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(ctx: Ctx, itemIndex: number, field: string, value: string): string {
	if (!EMAIL.test(value)) throw invalid(ctx, itemIndex, field, 'is not an email address', value);
	return value;
}

/** A comma-separated string or an array from an expression. */
export function toStringList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
	return parts.map((part) => String(part).trim()).filter((part) => part !== '');
}

export function toIdList(ctx: Ctx, itemIndex: number, field: string, value: unknown): number[] {
	return toStringList(value).map((id) => toId(ctx, itemIndex, field, id));
}

function isLocator(value: unknown): value is { __rl: true; value: unknown } {
	return typeof value === 'object' && value !== null && (value as { __rl?: unknown }).__rl === true;
}

function stringOfDate(value: unknown): string | undefined {
	if (value instanceof Date) return value.toISOString();
	// Luxon DateTime from an expression such as {{ $now }}
	if (value && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return String((value as { toISO: () => string }).toISO());
	}
	return undefined;
}

function preview(value: unknown): string {
	const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
	return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
