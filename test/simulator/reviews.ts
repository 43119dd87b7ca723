/** Project API: reviews (4.3). */
import { pageOf } from './collection';
import { Dialect } from './dialect';
import {
	existing,
	idsMatching,
	locationBySlug,
	sourceBySlug,
	tagIdsBySlug,
	tagsBySlugs,
} from './lookups';
import { createImage, duplicateFlags, findOrCreateCustomer, createReview } from './model';
import { renderImage } from './render';
import { renderReview } from './render-reviews-messages';
import {
	Ctx,
	JsonResult,
	Route,
	body,
	idParam,
	mustFind,
	noData,
	now,
	ok,
	paginated,
} from './router';
import { ReviewRecord, SimProject } from './state';
import {
	Query,
	combine,
	dateRangePredicate,
	parseDateRange,
	parsePaging,
	parseSort,
	named,
	qs,
} from './query';
import { Validator, checkImageUrl, fieldError, notFound } from './validation';

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
	const range = parseDateRange(query, REVIEW_DATE_KEYS);
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
	// "A slug that names a location, source or tag that does not exist returns 404"
	const source = named(dialect, query, 'reviewSource');
	if (source) {
		const ids = existing(idsMatching(p.sources, source), 'Source', source);
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
 * A sorted view without its duplicates, kept while the view keeps its length and no review's
 * is_duplicate changed (a simulator's speed: the benchmark pages lists of 110,000 reviews).
 */
const listed = new WeakMap<ReviewRecord[], { stamp: string; list: ReviewRecord[] }>();
function withoutDuplicates(sorted: ReviewRecord[]): ReviewRecord[] {
	const stamp = `${sorted.length}:${duplicateFlags.changes}`;
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
	const sorted = filters.withoutDuplicates ? withoutDuplicates(view) : view;
	return paginated(ctx, pageOf(sorted, desc, predicate, paging.page, paging.perPage), paging, (r) =>
		renderReview(ctx.state, p, r),
	);
}

function reviewParam(ctx: Ctx): ReviewRecord {
	const id = idParam(ctx, 'Review');
	return mustFind(ctx.project.reviews.get(id), 'Review', id);
}

function touch(ctx: Ctx, r: ReviewRecord, ...keys: string[]): JsonResult {
	r.updated_at = now(ctx);
	ctx.project.reviews.touched('updated_at', ...keys);
	return noData();
}

function createReviewHandler(ctx: Ctx): JsonResult {
	const p = ctx.project;
	const v = new Validator(body(ctx));
	const score = v.integer('score', { required: true, min: 1, max: 5 });
	const f: Record<string, string | null | undefined> = {};
	for (const name of [
		'first_name',
		'last_name',
		'phone',
		'company',
		'review',
		'external_url',
		'location_slug',
		'source_slug',
		'customer_photo_url',
	]) {
		f[name] = v.string(name, { max: name === 'review' ? 65535 : 255 });
	}
	const email =
		v.has('email') && v.body.email !== null && v.body.email !== '' ? v.email('email') : undefined;
	const createdAt = v.instant('created_at');
	const tagSlugs = v.stringArray('tag_slugs');
	v.done();
	const location = f.location_slug ? locationBySlug(p, f.location_slug) : undefined;
	const source = f.source_slug ? sourceBySlug(p, f.source_slug) : undefined;
	const tags = tagSlugs ? tagsBySlugs(p, tagSlugs) : [];
	if (f.customer_photo_url) checkImageUrl(ctx.state.baseUrl, f.customer_photo_url);
	const customer = findOrCreateCustomer(ctx.state, p, {
		first_name: f.first_name,
		last_name: f.last_name,
		email,
		phone: f.phone,
		company: f.company,
		location_id: location?.id,
	});
	if (f.customer_photo_url) {
		const img = createImage(ctx.state, p, 'photo', f.customer_photo_url, null);
		customer.photo = { id: img.id, uuid: img.uuid };
	}
	const r = createReview(ctx.state, p, {
		customer_id: customer.id,
		score: score as number,
		review: f.review ?? '',
		external_url: f.external_url ?? '',
		location_id: location ? location.id : undefined,
		source_id: source?.id ?? null,
		tag_ids: tags.map((t) => t.id),
		created_at: createdAt ?? undefined,
	});
	return ok(renderReview(ctx.state, p, r));
}

function requiredBoolean(ctx: Ctx, field: string): boolean {
	const v = new Validator(body(ctx));
	const b = v.boolean(field, { required: true });
	v.done();
	return b as boolean;
}

function requiredString(ctx: Ctx, field: string, allowEmpty = false): string {
	const v = new Validator(body(ctx));
	const s = allowEmpty && v.body[field] === '' ? '' : v.string(field, { required: true });
	v.done();
	return s as string;
}

function requiredSlugArray(ctx: Ctx): string[] {
	const v = new Validator(body(ctx));
	if (!v.has('tag_slugs') || v.body.tag_slugs === null)
		throw fieldError('tag_slugs', 'The tag slugs field must be present.');
	const slugs = v.stringArray('tag_slugs');
	v.done();
	return slugs ?? [];
}

/** PUT /project/reviews/:id/<path>: sets the review's flag from the required boolean of the same name. */
function flagRoute(path: string, flag: 'is_hidden' | 'is_duplicate'): Route {
	return {
		method: 'PUT',
		pattern: `/project/reviews/:id/${path}`,
		area: 'project',
		handler: (ctx) => {
			const r = reviewParam(ctx);
			r[flag] = requiredBoolean(ctx, flag);
			return touch(ctx, r);
		},
	};
}

export const reviewRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/project/reviews',
		area: 'project',
		handler: (ctx) => listReviews(ctx, null),
	},
	{ method: 'POST', pattern: '/project/reviews', area: 'project', handler: createReviewHandler },
	{
		method: 'DELETE',
		pattern: '/project/reviews/:id',
		area: 'project',
		handler: (ctx) => {
			ctx.project.reviews.remove(reviewParam(ctx).id);
			return noData();
		},
	},
	{
		method: 'PUT',
		pattern: '/project/reviews/:id/location',
		area: 'project',
		handler: (ctx) => {
			const r = reviewParam(ctx);
			r.location_id = locationBySlug(ctx.project, requiredString(ctx, 'location_slug')).id;
			return touch(ctx, r);
		},
	},
	{
		method: 'PUT',
		pattern: '/project/reviews/:id/source',
		area: 'project',
		handler: (ctx) => {
			const r = reviewParam(ctx);
			r.source_id = sourceBySlug(ctx.project, requiredString(ctx, 'source_slug')).id;
			return touch(ctx, r);
		},
	},
	flagRoute('flag-hidden', 'is_hidden'),
	flagRoute('flag-duplicate', 'is_duplicate'),
	{
		method: 'PUT',
		pattern: '/project/reviews/:id/mark-replied',
		area: 'project',
		handler: (ctx) => {
			const r = reviewParam(ctx);
			r.replied_at = requiredBoolean(ctx, 'replied') ? now(ctx) : null;
			return touch(ctx, r, 'replied_at');
		},
	},
	{
		method: 'PUT',
		pattern: '/project/reviews/:id/reply',
		area: 'project',
		handler: (ctx) => {
			const r = reviewParam(ctx);
			r.reply = requiredString(ctx, 'reply');
			r.has_reply = true;
			// Whether a reply also sets replied_at: not shown (a dialect's choice).
			if (!ctx.state.dialect.replySetsRepliedAt) return touch(ctx, r);
			r.replied_at = now(ctx);
			return touch(ctx, r, 'replied_at');
		},
	},
	{
		method: 'PUT',
		pattern: '/project/reviews/:id/tags',
		area: 'project',
		handler: (ctx) => {
			const r = reviewParam(ctx);
			r.tag_ids = tagsBySlugs(ctx.project, requiredSlugArray(ctx)).map((t) => t.id);
			return touch(ctx, r);
		},
	},
	{
		method: 'POST',
		pattern: '/project/reviews/:id/share-image',
		area: 'project',
		handler: (ctx) => {
			reviewParam(ctx);
			const v = new Validator(body(ctx));
			const ratio = v.string('ratio');
			if (typeof ratio === 'string' && !/^[1-9]\d*:[1-9]\d*$/.test(ratio))
				v.add('ratio', 'The ratio field format is invalid.');
			const templateId = v.integer('template_id');
			v.done();
			let templateRatio = '1:1';
			if (typeof templateId === 'number') {
				const t = ctx.project.shareTemplates.find((x) => x.id === templateId);
				if (!t) throw notFound(`Share template ${templateId} not found.`);
				templateRatio = t.settings.ratio;
			}
			const img = createImage(ctx.state, ctx.project, 'share', null, ratio || templateRatio);
			return ok(renderImage(ctx.state, img));
		},
	},
];
