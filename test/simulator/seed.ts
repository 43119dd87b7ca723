/** Seed data: sections, the 'Acme Bakery' project with its configuration and a few records. */
import {
	createAsk,
	createCharge,
	createCustomer,
	createMessage,
	createProject,
	createReview,
	ensureMessageTemplate,
} from './model';
import { ShareTemplateSettings, SimProject, SimState, nextId, nowOf, uuid } from './state';

export const SEED_SECTIONS = ['reviews', 'customers', 'messages'];

export function seedSections(state: SimState): void {
	for (const slug of SEED_SECTIONS)
		state.sections.push({ id: nextId(state, 'section'), slug, uuid: uuid() });
}

export function defaultSettings(
	overrides: Partial<ShareTemplateSettings> = {},
): ShareTemplateSettings {
	return {
		font_family: 'Inter',
		header_background_color: '#1f2937',
		header_text_color: '#ffffff',
		review_background_color: '#ffffff',
		review_star_color: '#f59e0b',
		review_text_color: '#111827',
		name_convention: 'first_name_last_initial',
		ratio: '1:1',
		review_text: null,
		show_avatar: 1,
		show_company: 0,
		show_date: 1,
		show_header: 1,
		show_rating: 1,
		show_source: 1,
		...overrides,
	};
}

/** Locations, tags, sources, share templates and message templates of a fresh project. */
export function seedProjectConfig(state: SimState, p: SimProject): void {
	const now = nowOf(state);
	const locs: Array<[string, string, string, string]> = [
		['Downtown', 'downtown', '12 Main Street', 'Springfield'],
		['Riverside', 'riverside', '4 River Road', 'Springfield'],
		['Airport', 'airport', 'Terminal 2', 'Shelbyville'],
	];
	for (const [name, slug, address1, city] of locs) {
		p.locations.push({
			id: nextId(state, 'location'),
			project_id: p.id,
			uuid: uuid(),
			name,
			display_name: `${p.name} ${name}`,
			slug,
			store_code: slug.toUpperCase().slice(0, 3) + '-01',
			title: `${p.name} - ${name}`,
			address: `${address1}, ${city}, IL 62701`,
			address1,
			address2: '',
			city,
			state: 'IL',
			postal_code: '62701',
		});
	}
	const tags: Array<[string, string, 'review' | 'customer', string]> = [
		['Great Service', 'great-service', 'review', '#22c55e'],
		['Slow Delivery', 'slow-delivery', 'review', '#ef4444'],
		['Follow Up', 'follow-up', 'review', '#f59e0b'],
		['VIP', 'vip', 'customer', '#a855f7'],
		['Wholesale', 'wholesale', 'customer', '#0ea5e9'],
		['Complaint', 'complaint', 'review', '#dc2626'],
	];
	for (const [name, slug, context, color] of tags) {
		p.tags.push({
			id: nextId(state, 'tag'),
			uuid: uuid(),
			name,
			slug,
			sprite: null,
			color,
			context,
			ai_instructions: null,
			has_ai_tagging: false,
		});
	}
	const sources: Array<[string, string, string | null, string | null, string | null]> = [
		['Google', 'google', 'fab fa-google', '#4285f4', null],
		['Facebook', 'facebook', 'fab fa-facebook', '#1877f2', null],
		['Trustpilot', 'trustpilot', null, '#00b67a', 'https://cdn.rcs.test/icons/trustpilot.png'],
	];
	for (const [name, slug, sprite, color, icon] of sources) {
		p.sources.push({
			id: nextId(state, 'source'),
			uuid: uuid(),
			name,
			slug,
			sprite,
			color,
			icon,
			deleted_at: null,
		});
	}
	const templates: Array<[string, boolean, Partial<ShareTemplateSettings>]> = [
		['Classic', true, {}],
		[
			'Dark Story',
			false,
			{
				ratio: '9:16',
				header_background_color: '#000000',
				review_background_color: '#111827',
				review_text_color: '#f9fafb',
			},
		],
		['Landscape', false, { ratio: '16:9', show_avatar: 0, font_family: 'Georgia' }],
	];
	for (const [name, isDefault, settings] of templates) {
		p.shareTemplates.push({
			id: nextId(state, 'shareTemplate'),
			uuid: uuid(),
			name,
			is_default: isDefault,
			settings: defaultSettings(settings),
			created_at: now,
			updated_at: now,
		});
	}
	for (const slug of [
		'ask-initial-email',
		'ask-initial-sms',
		'ask-reminder-email',
		'ask-reminder-sms',
	])
		ensureMessageTemplate(state, p, slug);
}

/**
 * The default seed: project 'Acme Bakery' (id 1). Customers (ids 1-3): Alice Baker (alice@example.com,
 * VIP), Bob Brown (bob@example.com, +15550100002), Carol Chen (+15550100003, archived). Reviews (ids 1-5),
 * messages (ids 1-3, from ask 1), charges (ids 1-2).
 */
export function seedDefault(state: SimState, key?: string): SimProject {
	const now = nowOf(state);
	const day = 86400;
	const p = createProject(state, 'Acme Bakery');
	if (key) p.key = key;
	seedProjectConfig(state, p);
	const [downtown, riverside] = p.locations;
	const [google, facebook, trustpilot] = p.sources;
	const vip = p.tags.find((t) => t.slug === 'vip')!;
	const great = p.tags.find((t) => t.slug === 'great-service')!;
	const slow = p.tags.find((t) => t.slug === 'slow-delivery')!;
	const alice = createCustomer(state, p, {
		first_name: 'Alice',
		last_name: 'Baker',
		email: 'alice@example.com',
		phone: '+15550100001',
		company: 'Alice Catering',
		city: 'Springfield',
		location_id: downtown.id,
		signed_up_at: now - 30 * day,
		created_at: now - 30 * day,
		tag_ids: [vip.id],
	});
	const bob = createCustomer(state, p, {
		first_name: 'Bob',
		last_name: 'Brown',
		email: 'bob@example.com',
		phone: '+15550100002',
		location_id: riverside.id,
		created_at: now - 20 * day,
	});
	const carol = createCustomer(state, p, {
		first_name: 'Carol',
		last_name: 'Chen',
		phone: '+15550100003',
		location_id: downtown.id,
		created_at: now - 10 * day,
		archived_at: now - 5 * day,
	});
	createReview(state, p, {
		customer_id: alice.id,
		score: 5,
		review: 'Best croissants in town!',
		source_id: google.id,
		location_id: downtown.id,
		created_at: now - 9 * day,
		tag_ids: [great.id],
	});
	createReview(state, p, {
		customer_id: bob.id,
		score: 4,
		review: 'Good bread, friendly staff.',
		source_id: facebook.id,
		location_id: riverside.id,
		created_at: now - 7 * day,
	});
	createReview(state, p, {
		customer_id: carol.id,
		score: 2,
		review: 'My order arrived late.',
		source_id: trustpilot.id,
		location_id: downtown.id,
		created_at: now - 5 * day,
		tag_ids: [slow.id],
		reply: 'Sorry about that, Carol!',
		replied_at: now - 4 * day,
	});
	createReview(state, p, {
		customer_id: alice.id,
		score: 5,
		review: 'Best croissants in town!',
		source_id: google.id,
		location_id: downtown.id,
		created_at: now - 3 * day,
		is_duplicate: true,
	});
	createReview(state, p, {
		customer_id: bob.id,
		score: 3,
		review: 'Average coffee.',
		source_id: google.id,
		location_id: riverside.id,
		created_at: now - 1 * day,
		is_hidden: true,
	});
	createAsk(state, p, {
		customer_id: alice.id,
		channels: ['email', 'sms'],
		reminders_count: 1,
		asked_at: now - 2 * day,
	});
	createMessage(state, p, {
		customer_id: bob.id,
		channel: 'email',
		template_slug: 'ask-reminder-email',
		created_at: now - day,
		status: 'delivered',
	});
	createCharge(state, p, {
		customer_id: alice.id,
		amount: 2599,
		currency: 'USD',
		charged_at: now - 15 * day,
		location_id: downtown.id,
	});
	createCharge(state, p, {
		customer_id: bob.id,
		amount: 1250,
		currency: 'USD',
		charged_at: now - 2 * day,
		location_id: riverside.id,
	});
	return p;
}
