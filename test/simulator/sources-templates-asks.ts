/** Project API: sources (4.6), share templates (4.7), asks (4.9). */
import { createAsk, findOrCreateCustomer } from './model';
import { isoWithOffset, renderShareTemplate, renderSource } from './render';
import { Ctx, JsonResult, Route, body, idParam, mustFind, noData, now, ok } from './router';
import { SimProject, SourceRecord, nextId, slugify, uuid } from './state';
import { Validator, fieldError } from './validation';

export const SPRITE_RE = /^(fab|fad|fak|fal|far|fas|fat)\s+fa-[a-z0-9]+(?:-[a-z0-9]+)*$/;

function liveSources(p: SimProject): SourceRecord[] {
	return p.sources.filter((s) => s.deleted_at === null);
}

function sourceParam(ctx: Ctx): SourceRecord {
	const id = idParam(ctx, 'Source');
	return mustFind(
		liveSources(ctx.project).find((s) => s.id === id),
		'Source',
		id,
	);
}

/** Returns null for omitted/null/whitespace-only sprites, the sprite otherwise (errors recorded on v). */
function spriteOf(v: Validator): string | null {
	const raw = v.body.sprite;
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
		return null;
	const s = v.string('sprite', { max: 50 });
	if (typeof s === 'string' && !SPRITE_RE.test(s))
		v.add('sprite', 'The sprite field format is invalid.');
	return typeof s === 'string' ? s : null;
}

function uniqueSlug(p: SimProject, name: string): string {
	const base = slugify(name, 30) || 'source';
	const taken = new Set(liveSources(p).map((s) => s.slug));
	if (!taken.has(base)) return base;
	for (let i = 2; ; i++) {
		const suffix = `-${i}`;
		const slug = `${base.slice(0, 30 - suffix.length).replace(/-+$/, '')}${suffix}`;
		if (!taken.has(slug)) return slug;
	}
}

function createSource(ctx: Ctx): JsonResult {
	const p = ctx.project;
	const v = new Validator(body(ctx));
	const name = v.string('name', { required: true, max: 30 });
	const color = v.string('color', { max: 30 });
	const sprite = spriteOf(v);
	v.done();
	const s: SourceRecord = {
		id: nextId(ctx.state, 'source'),
		uuid: uuid(),
		name: name as string,
		slug: uniqueSlug(p, name as string),
		sprite,
		color: color ?? null,
		icon: null,
		deleted_at: null,
	};
	p.sources.push(s);
	return ok(renderSource(s));
}

function updateSource(ctx: Ctx): JsonResult {
	const p = ctx.project;
	const s = sourceParam(ctx);
	const v = new Validator(body(ctx));
	const name = v.string('name', { required: true, max: 30 });
	const slug = v.string('slug', { max: 30 });
	// "Slugs are URL-friendly identifiers"
	if (typeof slug === 'string' && slug !== '' && !/^[A-Za-z0-9_-]+$/.test(slug))
		v.add('slug', 'The slug may only contain letters, numbers, dashes and underscores.');
	if (
		typeof slug === 'string' &&
		slug !== '' &&
		liveSources(p).some((x) => x.id !== s.id && x.slug === slug)
	)
		v.add('slug', 'The slug has already been taken.');
	const color = v.string('color', { max: 30 });
	const sprite = spriteOf(v);
	v.done();
	if (sprite !== null && s.icon !== null)
		throw fieldError('sprite', 'A sprite cannot be set on a source with a custom icon.');
	s.name = name as string;
	if (typeof slug === 'string' && slug !== '') s.slug = slug;
	if (v.has('color')) s.color = color ?? null;
	s.sprite = sprite;
	return ok(renderSource(s));
}

function createAskHandler(ctx: Ctx): JsonResult {
	const p = ctx.project;
	const v = new Validator(body(ctx));
	const channels = v.stringArray('channels', { required: true });
	const wanted: Array<'email' | 'sms'> = [];
	(channels ?? []).forEach((c, i) => {
		if (c !== 'email' && c !== 'sms')
			v.add(`channels.${i}`, `The selected channels.${i} is invalid.`);
		else if (!wanted.includes(c)) wanted.push(c);
	});
	const emailGiven = typeof v.body.email === 'string' && v.body.email.trim() !== '';
	const phoneGiven = typeof v.body.phone === 'string' && v.body.phone.trim() !== '';
	if (wanted.includes('email') && !emailGiven)
		v.add('email', 'The email field is required when channels contains email.');
	if (wanted.includes('sms') && !phoneGiven)
		v.add('phone', 'The phone field is required when channels contains sms.');
	const email = emailGiven ? v.email('email') : v.string('email');
	const phone = v.string('phone', { max: 255 });
	const reminders = v.integer('reminders_count', { min: 0 });
	const askedAt = v.instant('asked_at');
	v.done();
	const customer = findOrCreateCustomer(ctx.state, p, {
		email: email || null,
		phone: phone || null,
	});
	const ask = createAsk(ctx.state, p, {
		customer_id: customer.id,
		channels: wanted,
		reminders_count: reminders ?? 0,
		asked_at: askedAt ?? now(ctx),
	});
	return ok({
		email: email || null,
		phone: phone || null,
		scheduled_at: isoWithOffset(ask.asked_at),
	});
}

export const miscRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/project/sources',
		area: 'project',
		handler: (ctx) => ok(liveSources(ctx.project).map(renderSource)),
	},
	{ method: 'POST', pattern: '/project/sources', area: 'project', handler: createSource },
	{ method: 'PUT', pattern: '/project/sources/:id', area: 'project', handler: updateSource },
	{
		method: 'DELETE',
		pattern: '/project/sources/:id',
		area: 'project',
		handler: (ctx) => {
			sourceParam(ctx).deleted_at = now(ctx);
			return noData();
		},
	},
	{
		method: 'GET',
		pattern: '/project/share-templates',
		area: 'project',
		handler: (ctx) => ok(ctx.project.shareTemplates.map(renderShareTemplate)),
	},
	{
		method: 'DELETE',
		pattern: '/project/share-templates/:id',
		area: 'project',
		handler: (ctx) => {
			const list = ctx.project.shareTemplates;
			const id = idParam(ctx, 'Share template');
			const t = mustFind(
				list.find((x) => x.id === id),
				'Share template',
				id,
			);
			list.splice(list.indexOf(t), 1);
			if (t.is_default && list.length > 0) {
				const next = list.reduce((a, b) => (b.id < a.id ? b : a));
				next.is_default = true;
				next.updated_at = now(ctx);
			}
			return noData();
		},
	},
	{ method: 'POST', pattern: '/project/asks', area: 'project', handler: createAskHandler },
];
