/** Records -> the JSON the API answers (spec 2): projects, clients and the small records others embed. */
import { Dialect } from './dialect';
import {
	ChargeRecord,
	ClientRecord,
	ImageRecord,
	LocationRecord,
	ShareTemplateRecord,
	SimProject,
	SimState,
	SourceRecord,
	TagRecord,
	findProject,
} from './state';

/** The service's web app: records link to their page there (`platform_url`). */
export const APP = 'https://app.rcs.test';

export function isoWithOffset(seconds: number): string {
	return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export function renderProject(p: SimProject): Record<string, unknown> {
	return {
		id: p.id,
		name: p.name,
		slug: p.slug,
		uuid: p.uuid,
		is_active: p.is_active,
		is_paused: p.is_paused,
		is_suspended: p.is_suspended,
		features: { ...p.features },
		created_at: p.created_at,
		updated_at: p.updated_at,
	};
}

export function renderClient(state: SimState, c: ClientRecord): Record<string, unknown> {
	return {
		id: c.id,
		uuid: c.uuid,
		role_slug: c.role_slug,
		invite_email: c.invite_email,
		invited_at: c.invited_at,
		joined_at: c.joined_at,
		created_at: c.created_at,
		updated_at: c.updated_at,
		sections: c.section_ids
			.map((id) => state.sections.find((s) => s.id === id))
			.filter((s) => s !== undefined)
			.map((s) => ({ id: s!.id, slug: s!.slug, uuid: s!.uuid })),
		projects: c.project_ids
			.map((id) => findProject(state, id))
			.filter((p) => p !== undefined)
			.map((p) => renderProject(p!)),
	};
}

export function renderLocation(l: LocationRecord | undefined): Record<string, unknown> | null {
	return l ? { ...l } : null;
}

export function renderTag(t: TagRecord): Record<string, unknown> {
	return { ...t };
}

export function renderTagShort(t: TagRecord): Record<string, unknown> {
	return { id: t.id, uuid: t.uuid, name: t.name, slug: t.slug };
}

export function renderSource(s: SourceRecord | undefined): Record<string, unknown> | null {
	if (!s) return null;
	return {
		id: s.id,
		uuid: s.uuid,
		name: s.name,
		slug: s.slug,
		sprite: s.sprite,
		color: s.color,
		icon: s.icon,
	};
}

export function imageLink(state: SimState, img: { uuid: string }): string {
	return `${state.baseUrl}/images/${img.uuid}.png`;
}

export function renderImage(state: SimState, img: ImageRecord): Record<string, unknown> {
	return { id: img.id, uuid: img.uuid, link: imageLink(state, img) };
}

/** A charge's currency as the dialect shows it (stored upper-cased). */
export function currencyShown(dialect: Pick<Dialect, 'currencyCase'>, currency: string): string {
	return dialect.currencyCase === 'lower' ? currency.toLowerCase() : currency;
}

export function renderCharge(
	ch: ChargeRecord,
	dialect: Pick<Dialect, 'currencyCase'>,
): Record<string, unknown> {
	return {
		id: ch.id,
		project_id: ch.project_id,
		customer_id: ch.customer_id,
		amount: ch.amount,
		currency: currencyShown(dialect, ch.currency),
		charged_at: isoWithOffset(ch.charged_at),
	};
}

export function renderShareTemplate(t: ShareTemplateRecord): Record<string, unknown> {
	return {
		id: t.id,
		uuid: t.uuid,
		name: t.name,
		is_default: t.is_default,
		settings: { ...t.settings },
		created_at: t.created_at,
		updated_at: t.updated_at,
	};
}
