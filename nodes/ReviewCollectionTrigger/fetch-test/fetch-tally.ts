/**
 * What Fetch Test Event read of one project when nothing matched (contract §11): how many records, the
 * newest, and per rule (a filter, duplicates, the event's own rule) how many it excluded and the newest
 * it excluded. Counts only: a tally keeps no record but the few it names. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ListRecord } from '../state/cursor';
import type { Watch } from '../reading/list-request';
import { askedFilterNames, EVENTS, matchesFilter } from '../events/events';
import { FILTER_LABELS } from '../events/filter-note';

export interface Exclusion {
	/** "Score 5", "Duplicates", "Hours Without Reply 24". */
	rule: string;
	count: number;
	/** How the newest excluded record differs ("scored 3"). */
	example: string;
}

export class Tally {
	private readonly ids = new Set<number>();
	private readonly exclusions = new Map<string, Exclusion>();
	newest?: ListRecord;
	/** The list's size, as its first answer showed it. */
	total?: number;

	constructor(private readonly watch: Watch) {}

	get count(): number {
		return this.ids.size;
	}

	/** Records read newest first (a record read twice counts once). */
	add(records: ListRecord[], total?: number): void {
		if (this.total === undefined) this.total = total;
		for (const record of records) {
			if (this.ids.has(record.id)) continue;
			this.ids.add(record.id);
			this.newest ??= record;
			for (const { rule, why } of this.reasons(record)) {
				const known = this.exclusions.get(rule);
				if (known) known.count++;
				else this.exclusions.set(rule, { rule, count: 1, example: why });
			}
		}
	}

	excluded(): Exclusion[] {
		return [...this.exclusions.values()];
	}

	/** Each rule the record fails, with how it fails it. */
	private reasons(record: ListRecord): Array<{ rule: string; why: string }> {
		const { kind } = EVENTS[this.watch.event];
		const reasons: Array<{ rule: string; why: string }> = [];
		if (kind === 'reviews' && record.is_duplicate === true)
			reasons.push({ rule: 'Duplicates', why: 'is flagged as a duplicate' });
		for (const [name, value] of Object.entries(this.watch.filters)) {
			if (askedFilterNames(kind).includes(name)) continue;
			if (!matchesFilter(name, String(value), record))
				reasons.push({
					rule: `${FILTER_LABELS[name] ?? name} ${String(value)}`,
					why: has(name, record),
				});
		}
		const hidden = this.watch.terms.hiddenBecause?.(record);
		if (hidden) reasons.push(hidden);
		return reasons;
	}
}

/** What a record has where a filter looks ("scored 3", "came from google"). */
function has(name: string, record: IDataObject): string {
	switch (name) {
		case 'score':
			return `scored ${String(record.score)}`;
		case 'source':
			return record.source ? `came from ${nameOf(record.source)}` : 'has no source';
		case 'location':
			return record.location ? `is at ${nameOf(record.location)}` : 'has no location';
		case 'tag': {
			const tags = Array.isArray(record.tags) ? record.tags.map(nameOf) : [];
			return tags.length ? `is tagged ${tags.slice(0, 3).join(', ')}` : 'has no tag';
		}
		case 'channel':
			return `went by ${String(record.channel)}`;
		case 'template':
			return record.template ? `used template ${nameOf(record.template)}` : 'has no template';
		default:
			return `has ${name} ${JSON.stringify(record[name])}`;
	}
}

/** A source, location, tag or template by its slug (else name, else id), short. */
function nameOf(value: unknown): string {
	if (typeof value !== 'object' || value === null) return String(value);
	const { slug, name, id } = value as IDataObject;
	return String(slug ?? name ?? id).slice(0, 60);
}
