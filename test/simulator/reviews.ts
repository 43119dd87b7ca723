/** Project API: reviews (4.3). */
import { pageOf } from './collection';
import { idsMatching, locationBySlug, sourceBySlug, tagsBySlugs } from './lookups';
import { createImage, findOrCreateCustomer, createReview } from './model';
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
	qs,
} from './query';
import { Validator, checkImageUrl, fieldError, notFound } from './validation';

export const REVIEW_DATE_KEYS = ['created_at', 'updated_at', 'replied_at'];
export const REVIEW_SORT_KEYS = ['id', 'score', 'created_at', 'updated_at', 'replied_at'];
export const REVIEW_FACETS = ['all', 'duplicates', 'hidden', 'visible', 'replied', 'unreplied'];

type Pred = ((r: ReviewRecord) => boolean) | null;

/** Filter predicate of the review list query (shared with the customer's review sub-list). */
export function reviewFilters(p: SimProject, query: Query): Pred {
	const v = new Validator({});
	const range = parseDateRange(query, REVIEW_DATE_KEYS);
	const preds: Pred[] = [dateRangePredicate<ReviewRecord>(range)];
	const facet = qs(query, 'facet') || 'default';
	switch (facet) {
		case 'default':
			preds.push((r) => !r.is_duplicate);
			break;
		case 'all':
			if (p.duplicatesOnlyInTheirFacet) preds.push((r) => !r.is_duplicate);
			break;
		case 'duplicates':
			preds.push((r) => r.is_duplicate);
			break;
		case 'hidden':
			preds.push((r) => r.is_hidden && !r.is_duplicate);
			break;
		case 'visible':
			preds.push((r) => !r.is_hidden && !r.is_duplicate);
			break;
		case 'replied':
			preds.push((r) => !r.is_duplicate && (r.replied_at !== null || r.has_reply));
			break;
		case 'unreplied':
			preds.push((r) => !r.is_duplicate && r.replied_at === null && !r.has_reply);
			break;
		default:
			v.add('facet', 'The selected facet is invalid.');
	}
	const source = qs(query, 'source');
	if (source) {
		const ids = idsMatching(p.sources, source);
		preds.push((r) => r.source_id !== null && ids.has(r.source_id));
	}
	const location = qs(query, 'location');
	if (location) {
		const ids = idsMatching(p.locations, location);
		preds.push((r) => r.location_id !== null && ids.has(r.location_id));
	}
	const score = qs(query, 'score');
	if (score) {
		if (!/^\d+$/.test(score) || Number(score) < 1 || Number(score) > 5)
			v.add('score', 'The score field must be between 1 and 5.');
		else preds.push((r) => r.score === Number(score));
	}
	const tag = qs(query, 'tag');
	if (tag) {
		const ids = new Set(p.tags.filter((t) => t.slug === tag).map((t) => t.id));
		preds.push((r) => r.tag_ids.some((id) => ids.has(id)));
	}
	v.done();
	return combine(preds);
}

export function listReviews(ctx: Ctx, extra: Pred): JsonResult {
	const p = ctx.project;
	const paging = parsePaging(ctx.query);
	const predicate = combine([extra, reviewFilters(p, ctx.query)]);
	const sort = parseSort(ctx.query, REVIEW_SORT_KEYS);
	const key = sort.key ?? 'created_at';
	const desc = sort.key ? sort.desc : true;
	const sorted = p.reviews.view(key, (r) => (r as unknown as Record<string, number | null>)[key]);
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
	if (f.customer_photo_url) checkImageUrl(f.customer_photo_url);
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
			return touch(ctx, r);
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
