/** Project API (4.4): a customer's photo, notes, tags and unsent messages; its sub-lists. */
import { pageOf } from './collection';
import { tieOrderOf } from './tie-order';
import type { ChargeRecord } from './state';
import { customerParam, updateCustomer } from './customers';
import { tagsBySlugs } from './lookups';
import { createImage, refreshAsk } from './model';
import { renderCharge, renderImage } from './render';
import { renderCustomerTagSummary } from './render-customer';
import { Ctx, JsonResult, Route, body, noData, now, ok, paginated } from './router';
import { listReviews } from './review-list';
import { listMessages } from './charges-messages';
import { parsePaging } from './query';
import { Validator, checkImageUrl, fieldError } from './validation';

function cancelUnsent(ctx: Ctx): JsonResult {
	const p = ctx.project;
	const c = customerParam(ctx);
	const t = now(ctx);
	const asks = new Set<number>();
	for (const m of p.messages.items) {
		if (m.customer_id !== c.id || m.sent_at !== null || m.canceled_at !== null) continue;
		m.canceled_at = t;
		m.updated_at = t;
		if (m.ask_id !== null) asks.add(m.ask_id);
	}
	p.messages.touched('canceled_at', 'updated_at');
	for (const a of asks) refreshAsk(p, a);
	return noData();
}

export const customerSubresourceRoutes: Route[] = [
	{
		method: 'PUT',
		pattern: '/project/customers/:id/cancel-unsent-messages',
		area: 'project',
		handler: cancelUnsent,
	},
	{
		method: 'PUT',
		pattern: '/project/customers/:id/photo',
		area: 'project',
		handler: (ctx) => {
			const c = customerParam(ctx);
			const v = new Validator(body(ctx));
			if (!v.has('url')) throw fieldError('url', 'The url field must be present.');
			if (v.body.url === null) return updateCustomer(ctx, c, { photo: null });
			const url = v.string('url', { required: true });
			v.done();
			checkImageUrl(ctx.state.baseUrl, url as string);
			const img = createImage(ctx.state, ctx.project, 'photo', url as string, null);
			updateCustomer(ctx, c, { photo: { id: img.id, uuid: img.uuid } });
			return ok(renderImage(ctx.state, img));
		},
	},
	{
		method: 'PUT',
		pattern: '/project/customers/:id/notes',
		area: 'project',
		handler: (ctx) => {
			const c = customerParam(ctx);
			const v = new Validator(body(ctx));
			if (!v.has('notes') || v.body.notes === null)
				throw fieldError('notes', 'The notes field must be present.');
			const notes = v.body.notes === '' ? '' : v.string('notes', { max: 65535 });
			v.done();
			return updateCustomer(ctx, c, { notes: notes as string });
		},
	},
	{
		method: 'GET',
		pattern: '/project/customers/:id/charges',
		area: 'project',
		handler: (ctx) => {
			const c = customerParam(ctx);
			const paging = parsePaging(ctx.query, ctx.state.dialect);
			const sorted = ctx.project.charges.view('charged_at', (ch) => ch.charged_at);
			return paginated(
				ctx,
				pageOf(
					sorted,
					true,
					(ch) => ch.customer_id === c.id,
					paging.page,
					paging.perPage,
					tieOrderOf(ctx, 'charged_at', (ch: ChargeRecord) => ch.charged_at),
				),
				paging,
				(ch) => renderCharge(ch, ctx.state.dialect),
			);
		},
	},
	{
		method: 'GET',
		pattern: '/project/customers/:id/messages',
		area: 'project',
		handler: (ctx) => {
			const c = customerParam(ctx);
			return listMessages(ctx, (m) => m.customer_id === c.id);
		},
	},
	{
		method: 'GET',
		pattern: '/project/customers/:id/reviews',
		area: 'project',
		handler: (ctx) => {
			const c = customerParam(ctx);
			return listReviews(ctx, (r) => r.customer_id === c.id);
		},
	},
	{
		method: 'PUT',
		pattern: '/project/customers/:id/tags',
		area: 'project',
		handler: (ctx) => {
			const c = customerParam(ctx);
			const v = new Validator(body(ctx));
			if (!v.has('tag_slugs') || v.body.tag_slugs === null)
				throw fieldError('tag_slugs', 'The tag slugs field must be present.');
			const slugs = v.stringArray('tag_slugs');
			v.done();
			c.tag_ids = tagsBySlugs(ctx.project, slugs ?? []).map((t) => t.id);
			c.updated_at = now(ctx);
			ctx.project.customers.touched('updated_at');
			return ok(renderCustomerTagSummary(ctx.project, c));
		},
	},
];
