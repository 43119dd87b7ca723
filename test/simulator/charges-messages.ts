/** Project API: charges (4.5) and messages (4.8). */
import { pageOf } from './collection';
import { locationBySlug } from './lookups';
import {
	MESSAGE_STATUSES,
	MessageStatus,
	createCharge,
	findOrCreateCustomer,
	messageStatus,
	refreshAsk,
	refreshChargeStats,
} from './model';
import { currencyShown, isoWithOffset, renderCharge } from './render';
import { renderMessage } from './render-reviews-messages';
import { Ctx, JsonResult, Route, body, idParam, mustFind, noData, ok, paginated } from './router';
import { ChargeRecord, MESSAGE_TIMESTAMPS, MessageRecord } from './state';
import {
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

export const MESSAGE_DATE_KEYS = ['created_at', 'updated_at', ...MESSAGE_TIMESTAMPS];

type Pred = ((m: MessageRecord) => boolean) | null;

export function listMessages(ctx: Ctx, extra: Pred): JsonResult {
	const p = ctx.project;
	const paging = parsePaging(ctx.query, ctx.state.dialect);
	const v = new Validator({});
	const preds: Pred[] = [
		extra,
		dateRangePredicate<MessageRecord>(
			parseDateRange(ctx.query, MESSAGE_DATE_KEYS, ctx.state.dialect),
		),
	];
	const dialect = ctx.state.dialect;
	const channelName = dialect.names.messageChannel;
	const channel = qs(ctx.query, channelName);
	if (channel) {
		// "channel: `email` or `sms`"
		if (channel !== 'email' && channel !== 'sms')
			v.add(channelName, `The selected ${channelName} is invalid.`);
		else preds.push((m) => m.channel === channel);
	}
	const template = named(dialect, ctx.query, 'messageTemplate');
	if (template) {
		const ids = new Set(
			p.messageTemplates.filter((t) => t.slug.startsWith(template)).map((t) => t.id),
		);
		preds.push((m) => ids.has(m.template_id));
	}
	const statusName = dialect.names.messageStatus;
	const status = qs(ctx.query, statusName);
	if (status) {
		if (!MESSAGE_STATUSES.includes(status as MessageStatus))
			v.add(statusName, `The selected ${statusName} is invalid.`);
		else preds.push((m) => messageStatus(m) === status);
	}
	v.done();
	const sort = parseSort(
		ctx.query,
		ctx.state.dialect,
		MESSAGE_DATE_KEYS,
		'The sort key must be a message timestamp.',
		dialect.names.messageSortKey,
	);
	const key = sort.key ?? 'created_at';
	const getter = (m: MessageRecord) => (m as unknown as Record<string, number | null>)[key];
	const sorted = p.messages.view(key, getter);
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
		(m) => renderMessage(p, m),
	);
}

function createChargeHandler(ctx: Ctx): JsonResult {
	const p = ctx.project;
	const v = new Validator(body(ctx));
	const amount = v.integer('amount', { required: true });
	const currency = v.string('currency', { required: true });
	if (typeof currency === 'string' && !/^[A-Za-z]{3}$/.test(currency))
		v.add('currency', 'The currency field must be 3 characters.');
	const hasEmail = typeof v.body.email === 'string' && v.body.email.trim() !== '';
	const hasPhone = typeof v.body.phone === 'string' && v.body.phone.trim() !== '';
	if (!hasEmail && !hasPhone) {
		v.add('email', 'The email field is required when phone is not present.');
		v.add('phone', 'The phone field is required when email is not present.');
	}
	const email = hasEmail ? v.email('email') : v.string('email');
	const phone = v.string('phone', { max: 255 });
	const locationSlug = v.string('location_slug');
	const chargedAt = v.instant('charged_at');
	v.done();
	const location = locationSlug ? locationBySlug(p, locationSlug) : undefined;
	const customer = findOrCreateCustomer(ctx.state, p, {
		email: email || null,
		phone: phone || null,
		location_id: location?.id,
	});
	const ch = createCharge(ctx.state, p, {
		customer_id: customer.id,
		amount: amount as number,
		currency: currency as string,
		charged_at: chargedAt ?? undefined,
		location_id: location?.id ?? null,
	});
	return ok({
		email: email || null,
		phone: phone || null,
		amount: ch.amount,
		currency: currencyShown(ctx.state.dialect, ch.currency),
		charged_at: isoWithOffset(ch.charged_at),
	});
}

export const chargeMessageRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/project/charges',
		area: 'project',
		handler: (ctx) => {
			const paging = parsePaging(ctx.query, ctx.state.dialect);
			const range = parseDateRange(
				{ ...ctx.query, date_key: 'charged_at' },
				['charged_at'],
				ctx.state.dialect,
			);
			const sorted = ctx.project.charges.view('charged_at', (ch) => ch.charged_at);
			return paginated(
				ctx,
				pageOf(
					sorted,
					true,
					dateRangePredicate(range),
					paging.page,
					paging.perPage,
					tieOrderOf(ctx, 'charged_at', (ch: ChargeRecord) => ch.charged_at),
				),
				paging,
				(ch) => renderCharge(ch, ctx.state.dialect),
			);
		},
	},
	{ method: 'POST', pattern: '/project/charges', area: 'project', handler: createChargeHandler },
	{
		method: 'DELETE',
		pattern: '/project/charges/:id',
		area: 'project',
		handler: (ctx) => {
			const id = idParam(ctx, 'Charge');
			const ch = mustFind(ctx.project.charges.get(id), 'Charge', id);
			ctx.project.charges.remove(ch.id);
			refreshChargeStats(ctx.project, ch.customer_id);
			return noData();
		},
	},
	{
		method: 'GET',
		pattern: '/project/messages',
		area: 'project',
		handler: (ctx) => listMessages(ctx, null),
	},
	{
		method: 'DELETE',
		pattern: '/project/messages/:id',
		area: 'project',
		handler: (ctx) => {
			const id = idParam(ctx, 'Message');
			const m = mustFind(ctx.project.messages.get(id), 'Message', id);
			ctx.project.messages.remove(m.id);
			refreshAsk(ctx.project, m.ask_id);
			return noData();
		},
	},
];
