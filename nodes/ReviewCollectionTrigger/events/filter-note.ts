/**
 * Which filter a record fails, as a person reads it ("score 3, filter Score 5"): the account's note
 * (../state/account.ts) for a record a filter withheld. Pure; mirrors ./events.ts `matchesFilters`.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ListKind } from './events';
import { askedFilterNames, matchesFilters } from './events';

/** A filter's name as the trigger's Filters collection shows it. */
export const FILTER_LABELS: Record<string, string> = {
	source: 'Source',
	location: 'Location',
	score: 'Score',
	tag: 'Tag',
	channel: 'Channel',
	template: 'Template',
};

/** The first filter the record fails, with the record's value and the filter's; undefined if none. */
export function filterNote(
	kind: ListKind,
	filters: IDataObject,
	record: IDataObject,
): string | undefined {
	if (kind === 'reviews' && record.is_duplicate === true) return 'a duplicate review';
	for (const [name, wanted] of Object.entries(filters)) {
		if (askedFilterNames(kind).includes(name)) continue;
		if (matchesFilters(kind, { [name]: wanted }, record)) continue;
		return `${name} ${valueOf(name, record)}, filter ${FILTER_LABELS[name] ?? name} ${String(wanted)}`;
	}
	return undefined;
}

/** The customer Tag, asked of the service (../reading/asked.ts): the customer does not carry it. */
export const tagNote = (wanted: unknown) =>
	`no tag ${String(wanted)}, filter Tag ${String(wanted)}`;

function valueOf(name: string, record: IDataObject): string {
	const value = record[name];
	if (name === 'tag') {
		const slugs = Array.isArray(record.tags)
			? record.tags.map((tag) => (tag as IDataObject)?.slug).filter(Boolean)
			: [];
		return slugs.length > 0 ? slugs.join('+') : 'none';
	}
	if (typeof value === 'object' && value !== null) {
		const { slug, name: shown, id } = value as IDataObject;
		return String(slug ?? shown ?? id);
	}
	return value === null || value === undefined ? 'none' : String(value);
}
