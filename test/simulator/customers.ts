/** Project API: customers (4.4): list, create, get, delete, archive and subscription. */
import { pageOf } from './collection';
import { locationBySlug, tagsBySlugs } from './lookups';
import { createCustomer, createImage, deleteCustomer, refreshAsk } from './model';
import { renderCustomer } from './render-customer';
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
import { CustomerRecord } from './state';
import {
	combine,
	dateRangePredicate,
	named,
	parseDateRange,
	parsePaging,
	parseSort,
} from './query';
import { tagIdsBySlug } from './lookups';
import { tieOrderOf } from './tie-order';
import { Validator, checkImageUrl, validationError } from './validation';

export const CUSTOMER_DATE_KEYS = [
	'created_at',
	'updated_at',
	'signed_up_at',
	'archived_at',
	'unsubscribed_at',
	'first_charged_at',
	'last_charged_at',
	'first_asked_at',
	'last_asked_at',
	'first_messaged_at',
	'last_messaged_at',
	'first_reviewed_at',
	'last_reviewed_at',
];
export const CUSTOMER_SORT_KEYS = [
	'id',
	'name',
	'first_name',
	'last_name',
	'email',
	'company',
	...CUSTOMER_DATE_KEYS,
];
const STRING_FIELDS = [
	'first_name',
	'last_name',
	'phone',
	'company',
	'notes',
	'address1',
	'address2',
	'city',
	'state',
	'postal_code',
	'photo_url',
	'location_slug',
];

type Pred = ((c: CustomerRecord) => boolean) | null;

function listCustomers(ctx: Ctx): JsonResult {
	const p = ctx.project;
	const paging = parsePaging(ctx.query, ctx.state.dialect);
	const v = new Validator({});
	const preds: Pred[] = [
		dateRangePredicate<CustomerRecord>(
			parseDateRange(ctx.query, CUSTOMER_DATE_KEYS, ctx.state.dialect),
		),
	];
	const dialect = ctx.state.dialect;
	// "a facet (console-style; archived customers excluded unless requested)": its values are guesses.
	const facet = named(dialect, ctx.query, 'facet') || 'default';
	if (facet === 'default') preds.push((c) => c.archived_at === null);
	else if (facet === 'archived') preds.push((c) => c.archived_at !== null);
	else if (facet === 'unsubscribed') preds.push((c) => c.unsubscribed_at !== null);
	else if (facet === 'subscribed')
		preds.push((c) => c.unsubscribed_at === null && c.archived_at === null);
	else if (facet !== dialect.customerAllFacet)
		v.add(dialect.names.facet, `The selected ${dialect.names.facet} is invalid.`);
	const email = named(dialect, ctx.query, 'customerEmail');
	if (email) preds.push((c) => c.email.toLowerCase() === email.toLowerCase());
	const search = named(dialect, ctx.query, 'customerSearch')?.toLowerCase();
	if (search) {
		preds.push(
			(c) =>
				c.name.toLowerCase().includes(search) ||
				c.email.toLowerCase().includes(search) ||
				c.phone.toLowerCase().includes(search) ||
				c.company.toLowerCase().includes(search),
		);
	}
	// "A slug that names a location, source or tag that does not exist returns 404"
	const tag = named(dialect, ctx.query, 'customerTag');
	if (tag) {
		const ids = tagIdsBySlug(p, tag);
		preds.push((c) => c.tag_ids.some((id) => ids.has(id)));
	}
	v.done();
	const sort = parseSort(
		ctx.query,
		dialect,
		CUSTOMER_SORT_KEYS,
		undefined,
		dialect.names.customerSortKey,
	);
	const key = sort.key ?? 'created_at';
	const getter = (c: CustomerRecord) =>
		(c as unknown as Record<string, number | string | null>)[key];
	const sorted = p.customers.view(key, getter);
	return paginated(
		ctx,
		pageOf(
			sorted,
			sort.desc,
			combine(preds),
			paging.page,
			paging.perPage,
			tieOrderOf(ctx, key, getter),
		),
		paging,
		(c) => renderCustomer(ctx.state, p, c, false),
	);
}

export function customerParam(ctx: Ctx): CustomerRecord {
	const id = idParam(ctx, 'Customer');
	return mustFind(ctx.project.customers.get(id), 'Customer', id);
}

export function updateCustomer(
	ctx: Ctx,
	c: CustomerRecord,
	change: Partial<CustomerRecord>,
): JsonResult {
	Object.assign(c, change, { updated_at: now(ctx) });
	ctx.project.customers.touched('updated_at', ...Object.keys(change));
	return noData();
}

function createCustomerHandler(ctx: Ctx): JsonResult {
	const p = ctx.project;
	const v = new Validator(body(ctx));
	const f: Record<string, string | null | undefined> = {};
	for (const name of STRING_FIELDS)
		f[name] = v.string(name, { max: name === 'notes' ? 65535 : 255 });
	const email =
		v.body.email !== undefined && v.body.email !== null && v.body.email !== ''
			? v.email('email')
			: undefined;
	const signedUpAt = v.instant('signed_up_at');
	const tagSlugs = v.stringArray('tag_slugs');
	v.done();
	if (email && p.customerByEmail.has(email.toLowerCase()))
		throw validationError({ email: ['The email has already been taken.'] });
	const location = f.location_slug ? locationBySlug(p, f.location_slug) : undefined;
	const tags = tagSlugs ? tagsBySlugs(p, tagSlugs) : [];
	let photo: { id: number; uuid: string } | null = null;
	if (f.photo_url) {
		checkImageUrl(ctx.state.baseUrl, f.photo_url);
		const img = createImage(ctx.state, p, 'photo', f.photo_url, null);
		photo = { id: img.id, uuid: img.uuid };
	}
	const c = createCustomer(ctx.state, p, {
		first_name: f.first_name,
		last_name: f.last_name,
		email,
		phone: f.phone,
		company: f.company,
		notes: f.notes,
		address1: f.address1,
		address2: f.address2,
		city: f.city,
		state: f.state,
		postal_code: f.postal_code,
		location_id: location?.id,
		signed_up_at: signedUpAt ?? now(ctx),
		tag_ids: tags.map((t) => t.id),
		photo,
	});
	return ok(renderCustomer(ctx.state, p, c, true));
}

function deleteCustomerHandler(ctx: Ctx): JsonResult {
	const p = ctx.project;
	const c = customerParam(ctx);
	for (const r of p.reviews.items.filter((x) => x.customer_id === c.id)) p.reviews.remove(r.id);
	for (const ch of p.charges.items.filter((x) => x.customer_id === c.id)) p.charges.remove(ch.id);
	const asks = new Set<number>();
	for (const m of p.messages.items.filter((x) => x.customer_id === c.id)) {
		p.messages.remove(m.id);
		if (m.ask_id !== null) asks.add(m.ask_id);
	}
	for (const a of asks) refreshAsk(p, a);
	deleteCustomer(p, c);
	return noData();
}

export const customerRoutes: Route[] = [
	{ method: 'GET', pattern: '/project/customers', area: 'project', handler: listCustomers },
	{
		method: 'POST',
		pattern: '/project/customers',
		area: 'project',
		handler: createCustomerHandler,
	},
	{
		method: 'GET',
		pattern: '/project/customers/:id',
		area: 'project',
		handler: (ctx) => ok(renderCustomer(ctx.state, ctx.project, customerParam(ctx), true)),
	},
	{
		method: 'DELETE',
		pattern: '/project/customers/:id',
		area: 'project',
		handler: deleteCustomerHandler,
	},
	{
		method: 'PUT',
		pattern: '/project/customers/:id/archive',
		area: 'project',
		handler: (ctx) => updateCustomer(ctx, customerParam(ctx), { archived_at: now(ctx) }),
	},
	{
		method: 'PUT',
		pattern: '/project/customers/:id/unarchive',
		area: 'project',
		handler: (ctx) => updateCustomer(ctx, customerParam(ctx), { archived_at: null }),
	},
	{
		method: 'PUT',
		pattern: '/project/customers/:id/unsubscribe',
		area: 'project',
		handler: (ctx) => updateCustomer(ctx, customerParam(ctx), { unsubscribed_at: now(ctx) }),
	},
	{
		method: 'PUT',
		pattern: '/project/customers/:id/resubscribe',
		area: 'project',
		handler: (ctx) => updateCustomer(ctx, customerParam(ctx), { unsubscribed_at: null }),
	},
];
