/**
 * Data model of the simulator.
 *
 * SimState
 *   agencyKey            the agency API key
 *   baseUrl              'http://127.0.0.1:PORT' once listening
 *   projects             SimProject[] (all belong to the one agency), in id order
 *   clients              ClientRecord[] (agency client users)
 *   sections             SectionRecord[] (ids 1..3: reviews, customers, messages)
 *   images               Map uuid -> ImageRecord (served without auth at /images/<uuid>.png)
 *   nextId               global auto-increment counters per record kind (ids grow with creation)
 *   clock.frozen         Unix seconds when the clock is frozen, undefined for real time
 *
 * SimProject: the project fields of spec 2.1 plus `key` (current secret key), `limits` (send limit
 * overrides) and its data. Records are stored with the API's field names for scalar fields and ids for
 * relations (customer_id, location_id, source_id, tag_ids, template_id...). `reviews`, `customers`,
 * `charges`, `messages` are Collections (`.items` in id order, `.get(id)`); the rest are arrays.
 * `render.ts` turns records into the JSON the API answers (ApiSimulator.toJson does it for tests).
 */
import { Dialect, GUESSES } from './dialect';
import { randomBytes } from 'node:crypto';
import { Collection } from './collection';

export * from './records';
import {
	AskRecord,
	ChargeRecord,
	ClientRecord,
	CustomerRecord,
	Features,
	ImageRecord,
	LocationRecord,
	MessageRecord,
	MessageTemplateRecord,
	ReviewRecord,
	SectionRecord,
	SendLimits,
	ShareTemplateRecord,
	SourceRecord,
	TagRecord,
} from './records';

export interface SimProject {
	id: number;
	name: string;
	slug: string;
	uuid: string;
	key: string;
	is_active: boolean;
	is_paused: boolean;
	is_suspended: boolean;
	features: Features;
	limits: SendLimits;
	created_at: number;
	updated_at: number;
	locations: LocationRecord[];
	tags: TagRecord[];
	sources: SourceRecord[];
	shareTemplates: ShareTemplateRecord[];
	messageTemplates: MessageTemplateRecord[];
	reviews: Collection<ReviewRecord>;
	customers: Collection<CustomerRecord>;
	charges: Collection<ChargeRecord>;
	messages: Collection<MessageRecord>;
	asks: AskRecord[];
	/** lower-cased email -> customer, phone digits -> customer (find-or-create lookups). */
	customerByEmail: Map<string, CustomerRecord>;
	customerByPhone: Map<string, CustomerRecord>;
}

export interface SimState {
	agencyKey: string;
	baseUrl: string;
	projects: SimProject[];
	clients: ClientRecord[];
	sections: SectionRecord[];
	images: Map<string, ImageRecord>;
	nextId: Record<string, number>;
	clock: { frozen?: number };
	/** The service's choices where the spec is silent (./dialect.ts). */
	dialect: Dialect;
}

export function newState(agencyKey: string, dialect: Dialect = GUESSES): SimState {
	return {
		agencyKey,
		baseUrl: '',
		projects: [],
		clients: [],
		sections: [],
		images: new Map(),
		nextId: {},
		clock: {},
		dialect,
	};
}

export function nowOf(state: SimState): number {
	return state.clock.frozen ?? Math.floor(Date.now() / 1000);
}

export function nextId(state: SimState, kind: string): number {
	const id = (state.nextId[kind] ?? 0) + 1;
	state.nextId[kind] = id;
	return id;
}

/** Random per process, then a counter: unique, UUID v4 shaped, and much cheaper than randomUUID() for bulk seeds. */
const UUID_PREFIX = (() => {
	const h = randomBytes(8).toString('hex');
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(12, 15)}-a`;
})();
let uuidCounter = Math.floor(Math.random() * 0x1000000);

export function uuid(): string {
	uuidCounter++;
	const hi = Math.floor(uuidCounter / 0x1000000000000) & 0xfff;
	const lo = uuidCounter % 0x1000000000000;
	return `${UUID_PREFIX}${hi.toString(16).padStart(3, '0')}-${lo.toString(16).padStart(12, '0')}`;
}

export function newProjectKey(): string {
	return `rcs_proj_${randomBytes(16).toString('hex')}`;
}

export function newAgencyKey(): string {
	return `rcs_agency_${randomBytes(16).toString('hex')}`;
}

export function slugify(text: string, max = 255): string {
	const s = text
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
	return s.slice(0, max).replace(/-+$/g, '');
}

export const DEFAULT_FEATURES: Features = {
	asks: 1000,
	customers: 5000,
	locations: 5,
	members: 10,
	links: 10,
	tags: 50,
	widgets: 5,
	api: true,
	webhooks: false,
	forms_advanced: false,
	ambassador: false,
};

export function findProjectByKey(state: SimState, key: string): SimProject | undefined {
	return state.projects.find((p) => p.key === key);
}

export function findProject(state: SimState, id: number): SimProject | undefined {
	return state.projects.find((p) => p.id === id);
}
