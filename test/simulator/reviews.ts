/** Project API: reviews (4.3); the list is ./review-list.ts. */
import { locationBySlug, sourceBySlug, tagsBySlugs } from './lookups';
import { createImage, findOrCreateCustomer, createReview } from './model';
import { listReviews } from './review-list';
import { renderImage } from './render';
import { renderReview } from './render-reviews-messages';
import { Ctx, JsonResult, Route, body, idParam, mustFind, noData, now, ok } from './router';
import { ReviewRecord } from './state';
import { Validator, checkImageUrl, fieldError, notFound } from './validation';

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
