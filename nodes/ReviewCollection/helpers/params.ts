import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { isResourceLocatorValue } from 'n8n-workflow';

import {
	checkDateRange,
	invalid,
	toCalendarDate,
	toId,
	toInstant,
	toStringList,
} from './validation';
import { FILTER_QUERY_NAMES, GUESSES } from '../transport/guesses';

/** Reads an `…Id` resource locator and checks it is a positive integer. */
export function getId(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): number {
	const value = ctx.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
	return toId(ctx, itemIndex, label, value);
}

/** Return All / Limit: `undefined` means every record. */
export function getLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	return ctx.getNodeParameter('limit', itemIndex, 50) as number;
}

/** `firstName` → `first_name`: collection fields are the camelCase of the API's fields (node-contract.md §3). */
export function snakeCase(name: string): string {
	return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** `created_at` → "Created At". */
export function labelOf(key: string): string {
	return key
		.split('_')
		.map((word) => (word === 'id' ? 'ID' : word.charAt(0).toUpperCase() + word.slice(1)))
		.join(' ');
}
/** The text of a locator value, or of a plain string saved before the field became a locator. */
export function slugOf(value: unknown): string {
	const text = isResourceLocatorValue(value) ? value.value : value;
	return String(text ?? '').trim();
}

/** Drops what the user left empty, so only fields the user set are sent. */
export function compact(values: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(values)) {
		if (value === undefined || value === '') continue;
		result[key] = value;
	}
	return result;
}

/**
 * Builds the query of a Get Many from its `filters` and `options` collections: date filters are
 * checked (YYYY-MM-DD, To ≥ From), other fields go out in snake_case, and `options.queryParameters`
 * are sent as they are, last, so they can override anything.
 */
export function listQuery(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	const { dateFrom, dateTo, ...rest } = filters;
	if (dateFrom) qs.date_from = toCalendarDate(ctx, itemIndex, 'Date From', dateFrom);
	if (dateTo) qs.date_to = toCalendarDate(ctx, itemIndex, 'Date To', dateTo);
	checkDateRange(ctx, itemIndex, qs.date_from as string, qs.date_to as string);
	for (const [key, value] of Object.entries(compact(pickedValues(rest))))
		qs[FILTER_QUERY_NAMES[key] ?? snakeCase(key)] = value;
	if (options.sortKey) qs.sort_key = options.sortKey;
	if (options.sortDirection) qs[GUESSES.sortDirection.name] = options.sortDirection;
	const extra = (options.queryParameters as { parameter?: Array<{ name: string; value: string }> })
		?.parameter;
	for (const { name, value } of extra ?? []) {
		if (name) qs[name] = value;
	}
	return qs;
}

/** Filters that are pickers (resource locators) hold `{ mode, value }`: the API wants the value. */
function pickedValues(values: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(values))
		result[key] = isResourceLocatorValue(value) ? slugOf(value) : value;
	return result;
}

/** A required text parameter that must not be blank. */
export function getRequiredString(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): string {
	const value = String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
	if (value === '') throw invalid(ctx, itemIndex, label, 'is required and must not be empty');
	return value;
}

/**
 * Turns an `additionalFields`-style collection into a request body: names go to snake_case, instants
 * and string lists are checked and converted, empty values are left out.
 */
export function collectionBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
	kinds: { instants?: string[]; lists?: string[] } = {},
): IDataObject {
	const body: IDataObject = {};
	for (const [name, value] of Object.entries(compact(fields))) {
		if (kinds.instants?.includes(name)) {
			body[snakeCase(name)] = toInstant(ctx, itemIndex, labelOf(snakeCase(name)), value);
		} else if (kinds.lists?.includes(name)) {
			body[snakeCase(name)] = toStringList(value);
		} else {
			body[snakeCase(name)] = value;
		}
	}
	return body;
}
