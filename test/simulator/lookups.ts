/** Slug lookups (unknown slug -> 404 naming it) and filter matching by id, slug or uuid. */
import { notFound } from './validation';
import { LocationRecord, SimProject, SourceRecord, TagRecord } from './state';

export function locationBySlug(p: SimProject, slug: string): LocationRecord {
	const l = p.locations.find((x) => x.slug === slug);
	if (!l) throw notFound(`Location "${slug}" not found.`);
	return l;
}

export function sourceBySlug(p: SimProject, slug: string): SourceRecord {
	const s = p.sources.find((x) => x.slug === slug && x.deleted_at === null);
	if (!s) throw notFound(`Source "${slug}" not found.`);
	return s;
}

export function tagsBySlugs(p: SimProject, slugs: string[]): TagRecord[] {
	const out: TagRecord[] = [];
	for (const slug of slugs) {
		const t = p.tags.find((x) => x.slug === slug);
		if (!t) throw notFound(`Tag "${slug}" not found.`);
		if (!out.includes(t)) out.push(t);
	}
	return out;
}

/** Ids of the records whose id, slug or uuid equals the filter value. */
export function idsMatching(
	records: Array<{ id: number; slug: string; uuid: string }>,
	value: string,
): Set<number> {
	return new Set(
		records
			.filter((r) => String(r.id) === value || r.slug === value || r.uuid === value)
			.map((r) => r.id),
	);
}

/** The ids a filter names; none: 404 ("A slug that names a location, source or tag that does not exist returns 404"). */
export function existing(ids: Set<number>, label: string, value: string): Set<number> {
	if (ids.size === 0) throw notFound(`${label} "${value}" not found.`);
	return ids;
}

/** The tags a tag filter names by slug; none: 404. */
export function tagIdsBySlug(p: SimProject, slug: string): Set<number> {
	return existing(new Set(p.tags.filter((t) => t.slug === slug).map((t) => t.id)), 'Tag', slug);
}
