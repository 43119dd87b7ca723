/**
 * What a record shows of one filter, for helpers/answer-checks.ts: each test says what the record shows
 * (for the error) and whether it matches the value sent, or undefined when the record does not show it
 * (then nothing is checked). Values are compared as the service may match them: without case, a source
 * or location by id, slug or uuid.
 */
import type { IDataObject } from 'n8n-workflow';

export type RecordTest = (
	record: IDataObject,
	value: string,
) => { ok: boolean; shows: string } | undefined;

export function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a record shows, as text for the error. */
function shown(value: unknown): string {
	if (value === null || value === undefined || value === '') return 'none';
	return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const same = (a: unknown, b: string) => String(a ?? '').toLowerCase() === b.toLowerCase();

/** The record's number field equals the value (a review's score). */
export function numberIs(field: string): RecordTest {
	return (record, value) => {
		const seen = record[field];
		if (typeof seen !== 'number') return undefined;
		return { ok: seen === Number(value), shows: `${field} ${seen}` };
	};
}

/** The record's text field equals the value, without case (a message's channel). */
export function textIs(field: string): RecordTest {
	return (record, value) => {
		const seen = record[field];
		if (typeof seen !== 'string') return undefined;
		return { ok: same(seen, value), shows: `${field} ${shown(seen)}` };
	};
}

/** The record's text field contains the value, without case (an exact or a partial match both pass). */
export function textContains(field: string): RecordTest {
	return (record, value) => {
		const seen = record[field];
		if (typeof seen !== 'string') return undefined;
		return {
			ok: seen.toLowerCase().includes(value.toLowerCase()),
			shows: `${field} ${shown(seen)}`,
		};
	};
}

/** The embedded object's slug starts with the value, without case (a message's template). */
export function slugStartsWith(field: string): RecordTest {
	return (record, value) => {
		const seen = record[field];
		if (!isRecord(seen) || typeof seen.slug !== 'string') return undefined;
		const ok = seen.slug.toLowerCase().startsWith(value.toLowerCase());
		return { ok, shows: `${field} ${seen.slug}` };
	};
}

/**
 * The embedded object (a review's source or location) is the one named by id, slug or uuid, as the
 * service matches it; a record without one (null) does not match; a record that omits it is not checked.
 */
export function refIs(field: string): RecordTest {
	return (record, value) => {
		const seen = record[field];
		if (seen === undefined) return undefined;
		if (!isRecord(seen))
			return { ok: seen !== null && same(seen, value), shows: `${field} ${shown(seen)}` };
		const ok = [seen.id, seen.slug, seen.uuid].some((name) => same(name, value));
		return { ok, shows: `${field} ${shown(seen.slug ?? seen.id)}` };
	};
}

/** One of the record's tags has this slug (without case); a record that omits its tags is not checked. */
export function hasTagSlug(field: string): RecordTest {
	return (record, value) => {
		const seen = record[field];
		if (!Array.isArray(seen)) return undefined;
		const slugs = seen.map((tag) => (isRecord(tag) ? String(tag.slug ?? '') : ''));
		const ok = slugs.some((slug) => same(slug, value));
		return { ok, shows: slugs.length ? `tags ${slugs.join(', ')}` : 'no tag' };
	};
}
