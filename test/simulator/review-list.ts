/** GET /project/reviews (4.3): the review list's filters, its order and its pages. */
import { pageOf } from './collection';
import { Dialect } from './dialect';
import { existing, idsMatching, tagIdsBySlug } from './lookups';
import { duplicateFlags } from './duplicate-flag';
import { renderReview } from './render-reviews-messages';
import { Ctx, JsonResult, paginated } from './router';
import { ReviewRecord, SimProject } from './state';
import {
	Query,
	combine,
	dateRangePredicate,
	named,
	parseDateRange,
	parsePaging,
	parseSort,
	qs,
} from './query';
import { tieOrderOf } from './tie-order';
import { Validator } from './validation';

/** A review's datetime columns (2.3): "date_key (review datetime column for the date range; default created_at)". */
export const REVIEW_DATE_KEYS = ['created_at', 'replied_at'];
/** "sort_key (review attribute; ...)": the review's sortable attributes of 2.3. */
export const REVIEW_SORT_KEYS = ['id', 'score', 'created_at', 'replied_at'];
/** Facet values besides the duplicate facet (guesses: the console's). */
const REVIEW_FACETS = ['all', 'hidden', 'visible', 'replied', 'unreplied'];

type Pred = ((r: ReviewRecord) => boolean) | null;

/**
 * The review list query: whether duplicates are left out, and the predicate of the other filters.
 * "non-duplicate reviews are returned unless the duplicate facet is selected"
 */
function reviewFilters(
	p: SimProject,
	query: Query,
	dialect: Dialect,
): { withoutDuplicates: boolean; predicate: Pred } {
	const v = new Validator({});
	const range = parseDateRange(query, REVIEW_DATE_KEYS, dialect);
	const preds: Pred[] = [dateRangePredicate<ReviewRecord>(range)];
	const facet = named(dialect, query, 'facet') || 'default';
	const withoutDuplicates = facet !== dialect.duplicateFacet;
	if (facet === dialect.duplicateFacet) preds.push((r) => r.is_duplicate);
	else if (facet === 'default' || REVIEW_FACETS.includes(facet)) {
		if (facet === 'hidden') preds.push((r) => r.is_hidden);
		if (facet === 'visible') preds.push((r) => !r.is_hidden);
		if (facet === 'replied') preds.push((r) => r.replied_at !== null || r.has_reply);
		if (facet === 'unreplied') preds.push((r) => r.replied_at === null && !r.has_reply);
	} else v.add(dialect.names.facet, `The selected ${dialect.names.facet} is invalid.`);
	// "A slug that names a location, source or tag that does not exist returns 404": a deleted source
	// too, as in a body (sourceBySlug).
	const source = named(dialect, query, 'reviewSource');
	if (source) {
		const live = p.sources.filter((s) => s.deleted_at === null);
		const ids = existing(idsMatching(live, source), 'Source', source);
		preds.push((r) => r.source_id !== null && ids.has(r.source_id));
	}
	const location = named(dialect, query, 'reviewLocation');
	if (location) {
		const ids = existing(idsMatching(p.locations, location), 'Location', location);
		preds.push((r) => r.location_id !== null && ids.has(r.location_id));
	}
	const scoreName = dialect.names.reviewScore;
	const score = qs(query, scoreName);
	if (score) {
		if (!/^\d+$/.test(score) || Number(score) < 1 || Number(score) > 5)
			v.add(scoreName, `The ${scoreName} field must be between 1 and 5.`);
		else preds.push((r) => r.score === Number(score));
	}
	const tag = named(dialect, query, 'reviewTag');
	if (tag) {
		const ids = tagIdsBySlug(p, tag);
		preds.push((r) => r.tag_ids.some((id) => ids.has(id)));
	}
	v.done();
	return { withoutDuplicates, predicate: combine(preds) };
}

/**
 * A sorted view without its duplicates, kept while no review of the project was written and no review's
 * is_duplicate changed (a simulator's speed: the benchmark pages lists of 110,000 reviews). Not the
 * view's length: a deletion and an insert keep it.
 */
const listed = new WeakMap<ReviewRecord[], { stamp: string; list: ReviewRecord[] }>();
function withoutDuplicates(sorted: ReviewRecord[], revision: number): ReviewRecord[] {
	const stamp = `${revision}:${duplicateFlags.changes}`;
	const cached = listed.get(sorted);
	if (cached?.stamp === stamp) return cached.list;
	const list = sorted.filter((r) => !r.is_duplicate);
	listed.set(sorted, { stamp, list: list.length === sorted.length ? sorted : list });
	return listed.get(sorted)!.list;
}

export function listReviews(ctx: Ctx, extra: Pred): JsonResult {
	const p = ctx.project;
	const paging = parsePaging(ctx.query, ctx.state.dialect);
	const filters = reviewFilters(p, ctx.query, ctx.state.dialect);
	const predicate = combine([extra, filters.predicate]);
	const sort = parseSort(ctx.query, ctx.state.dialect, REVIEW_SORT_KEYS);
	const key = sort.key ?? 'created_at';
	const desc = sort.key ? sort.desc : true;
	const view = p.reviews.view(key, (r) => (r as unknown as Record<string, number | null>)[key]);
	const sorted = filters.withoutDuplicates ? withoutDuplicates(view, p.reviews.revision) : view;
	const ties = tieOrderOf(
		ctx,
		key,
		(r: ReviewRecord) => (r as unknown as Record<string, unknown>)[key],
	);
	return paginated(
		ctx,
		pageOf(sorted, desc, predicate, paging.page, paging.perPage, ties),
		paging,
		(r) => renderReview(ctx.state, p, r),
	);
}
