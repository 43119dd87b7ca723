/** ApiSimulator: the HTTP server plus direct (unlogged) state helpers for tests. */
import { Server, createServer } from 'node:http';
import { Socket } from 'node:net';
import { locationBySlug, sourceBySlug, tagsBySlugs } from './lookups';
import {
	ReviewFields,
	createCharge,
	createCustomer,
	createImage,
	createMessage,
	createProject,
	createReview,
	findOrCreateCustomer,
} from './model';
import { recordJson } from './to-json';
import { seedDefault, seedProjectConfig, seedSections } from './seed';
import { handleRequest } from './server';
import {
	ChargeRecord,
	ClientRecord,
	CustomerRecord,
	MessageRecord,
	ReviewRecord,
	SimProject,
	SimState,
	findProject,
	newAgencyKey,
	newState,
	nextId,
	nowOf,
	uuid,
} from './state';
import { FaultRule, LoggedRequest, SimulatorOptions } from './types';
import { MESSAGE_TIMESTAMPS } from './state';
import { parseInstant } from './validation';

import {
	ChargeInput,
	ClientInput,
	CustomerInput,
	MessageInput,
	RecordKind,
	ReviewInput,
} from './inputs';
export type {
	ChargeInput,
	ClientInput,
	CustomerInput,
	MessageInput,
	RecordKind,
	ReviewInput,
} from './inputs';

function instant(v: number | string | null | undefined): number | undefined {
	if (v === undefined || v === null) return undefined;
	const t = parseInstant(v);
	if (t === undefined) throw new Error(`Invalid instant: ${String(v)}`);
	return t;
}

export class ApiSimulator {
	readonly requests: LoggedRequest[] = [];
	readonly agencyKey: string;
	private _state: SimState;
	private _baseUrl = '';
	private faults: Array<{ rule: FaultRule; left: number; skip: number }> = [];
	private readonly sockets = new Set<Socket>();
	private seedKey: string | undefined;

	private constructor(
		private readonly server: Server,
		private readonly options: SimulatorOptions,
	) {
		this.agencyKey = options.agencyKey ?? newAgencyKey();
		this._state = this.freshState();
	}

	static async start(options: SimulatorOptions = {}): Promise<ApiSimulator> {
		const server = createServer({ keepAlive: true });
		const sim = new ApiSimulator(server, options);
		server.on('request', (req, res) =>
			handleRequest(
				{
					state: () => sim._state,
					log: (e) => sim.requests.push(e),
					takeFault: (m, p) => sim.takeFault(m, p),
					beforeAnswer: (e) => sim.answering?.(e),
				},
				req,
				res,
			),
		);
		server.on('connection', (socket: Socket) => {
			sim.sockets.add(socket);
			socket.on('close', () => sim.sockets.delete(socket));
		});
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
		});
		const address = server.address();
		const port = typeof address === 'object' && address ? address.port : options.port;
		sim._baseUrl = `http://127.0.0.1:${port}`;
		sim._state.baseUrl = sim._baseUrl;
		return sim;
	}

	get baseUrl(): string {
		return this._baseUrl;
	}

	get state(): SimState {
		return this._state;
	}

	private freshState(): SimState {
		const frozen = this._state?.clock.frozen;
		const state = newState(this.agencyKey);
		state.baseUrl = this._baseUrl;
		state.clock.frozen = frozen;
		seedSections(state);
		if (this.options.seed !== false) {
			const p = seedDefault(state, this.seedKey);
			this.seedKey = p.key;
		}
		return state;
	}

	private takeFault(method: string, path: string): FaultRule | undefined {
		for (const f of this.faults) {
			if (f.left <= 0) continue;
			const r = f.rule;
			if (r.method && r.method.toUpperCase() !== method) continue;
			if (r.path !== undefined) {
				if (r.path instanceof RegExp) {
					if (!r.path.test(path)) continue;
				} else if (r.path.endsWith('*')) {
					if (!path.startsWith(r.path.slice(0, -1))) continue;
				} else if (r.path !== path) continue;
			}
			if (f.skip > 0) {
				f.skip--;
				continue;
			}
			f.left--;
			this.faults = this.faults.filter((x) => x.left > 0);
			return r;
		}
		return undefined;
	}

	clearLog(): void {
		this.requests.length = 0;
	}

	/** Test control: `hook` runs before each request is answered (a list can change between page reads). */
	answering: ((request: LoggedRequest) => void) | undefined;

	injectFault(rule: FaultRule): void {
		this.faults.push({ rule, left: rule.times ?? 1, skip: rule.skip ?? 0 });
	}

	clearFaults(): void {
		this.faults = [];
	}

	/** Back to the freshly seeded state (same agency key and default project key); log and faults cleared. */
	reset(): void {
		this._state = this.freshState();
		this.clearLog();
		this.clearFaults();
		this.answering = undefined;
	}

	async stop(): Promise<void> {
		const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
		for (const s of this.sockets) s.destroy();
		this.server.closeAllConnections?.();
		await closed;
	}

	now(): number {
		return nowOf(this._state);
	}

	setNow(seconds: number | undefined): void {
		this._state.clock.frozen = seconds;
	}

	defaultProject(): SimProject {
		const p = this._state.projects[0];
		if (!p || this.options.seed === false)
			throw new Error('The simulator was started with seed: false; there is no default project.');
		return p;
	}

	project(id: number): SimProject {
		const p = findProject(this._state, id);
		if (!p) throw new Error(`No project ${id}`);
		return p;
	}

	/** A project with the standard configuration (locations, tags, sources, share templates) and a fresh key. */
	createProject(name: string): SimProject {
		const p = createProject(this._state, name);
		seedProjectConfig(this._state, p);
		return p;
	}

	addCustomer(projectId: number, fields: Partial<CustomerInput> = {}): CustomerRecord {
		const p = this.project(projectId);
		let photo: { id: number; uuid: string } | null = null;
		if (fields.photo_url) {
			const img = createImage(this._state, p, 'photo', fields.photo_url, null);
			photo = { id: img.id, uuid: img.uuid };
		}
		return createCustomer(this._state, p, {
			...fields,
			location_id: fields.location_slug ? locationBySlug(p, fields.location_slug).id : undefined,
			signed_up_at: instant(fields.signed_up_at) ?? null,
			tag_ids: fields.tag_slugs ? tagsBySlugs(p, fields.tag_slugs).map((t) => t.id) : [],
			photo,
		});
	}

	private reviewCustomer(p: SimProject, f: Partial<ReviewInput>): CustomerRecord {
		if (f.customer_id !== undefined) {
			const c = p.customers.get(f.customer_id);
			if (!c) throw new Error(`No customer ${f.customer_id} in project ${p.id}`);
			return c;
		}
		return findOrCreateCustomer(this._state, p, {
			first_name: f.first_name ?? 'Test',
			last_name: f.last_name ?? 'Reviewer',
			email: f.email,
			phone: f.phone,
			company: f.company,
		});
	}

	addReview(projectId: number, fields: Partial<ReviewInput> = {}): ReviewRecord {
		const p = this.project(projectId);
		return this.buildReview(p, fields, this.reviewCustomer(p, fields));
	}

	private reviewFields(p: SimProject, f: Partial<ReviewInput>, c: CustomerRecord): ReviewFields {
		return {
			customer_id: c.id,
			score: f.score ?? 5,
			review: f.review ?? 'Great experience!',
			external_url: f.external_url,
			location_id: f.location_slug ? locationBySlug(p, f.location_slug).id : undefined,
			source_id: f.source_slug ? sourceBySlug(p, f.source_slug).id : null,
			tag_ids: f.tag_slugs ? tagsBySlugs(p, f.tag_slugs).map((t) => t.id) : undefined,
			created_at: instant(f.created_at),
			is_hidden: f.is_hidden,
			is_duplicate: f.is_duplicate,
			reply: f.reply,
			replied_at: f.replied_at,
		};
	}

	private buildReview(p: SimProject, f: Partial<ReviewInput>, c: CustomerRecord): ReviewRecord {
		return createReview(this._state, p, this.reviewFields(p, f, c));
	}

	/** Bulk: all reviews share one customer (found or created once from the fields); slugs are resolved once. */
	addReviews(projectId: number, count: number, fields: Partial<ReviewInput> = {}): void {
		const p = this.project(projectId);
		const resolved = this.reviewFields(p, fields, this.reviewCustomer(p, fields));
		for (let i = 0; i < count; i++) createReview(this._state, p, resolved);
	}

	addMessage(projectId: number, fields: MessageInput = {}): MessageRecord {
		const p = this.project(projectId);
		const customerId = fields.customer_id ?? this.anyCustomer(p).id;
		return createMessage(this._state, p, {
			...fields,
			customer_id: customerId,
			channel: fields.channel ?? 'email',
		});
	}

	/** Bulk: all messages go to one customer (the given one, else the first customer of the project). */
	addMessages(projectId: number, count: number, fields: MessageInput = {}): void {
		const p = this.project(projectId);
		const customerId = fields.customer_id ?? this.anyCustomer(p).id;
		for (let i = 0; i < count; i++)
			createMessage(this._state, p, {
				...fields,
				customer_id: customerId,
				channel: fields.channel ?? 'email',
			});
	}

	private anyCustomer(p: SimProject): CustomerRecord {
		return (
			p.customers.items[0] ??
			createCustomer(this._state, p, {
				first_name: 'Test',
				last_name: 'Customer',
				email: 'test.customer@example.com',
			})
		);
	}

	/** Test control: the service stamps a message's delivery timestamp (spec 2.8), e.g. delivered_at. */
	setMessageTime(
		projectId: number,
		messageId: number,
		field: (typeof MESSAGE_TIMESTAMPS)[number],
		seconds: number | null,
	): void {
		const messages = this.project(projectId).messages;
		const message = messages.get(messageId);
		if (!message) throw new Error(`no message ${messageId}`);
		(message as unknown as Record<string, number | null>)[field] = seconds;
		message.updated_at = seconds ?? message.updated_at;
		messages.touched(field, 'updated_at');
	}

	addCharge(projectId: number, fields: ChargeInput = {}): ChargeRecord {
		const p = this.project(projectId);
		const location = fields.location_slug ? locationBySlug(p, fields.location_slug) : undefined;
		const customer =
			fields.customer_id !== undefined
				? p.customers.get(fields.customer_id)
				: fields.email || fields.phone
					? findOrCreateCustomer(this._state, p, {
							email: fields.email,
							phone: fields.phone,
							location_id: location?.id,
						})
					: this.anyCustomer(p);
		if (!customer) throw new Error(`No customer ${fields.customer_id} in project ${p.id}`);
		return createCharge(this._state, p, {
			customer_id: customer.id,
			amount: fields.amount ?? 1000,
			currency: fields.currency ?? 'USD',
			charged_at: instant(fields.charged_at),
			location_id: location?.id ?? null,
		});
	}

	addClient(fields: ClientInput = {}): ClientRecord {
		const t = this.now();
		const id = nextId(this._state, 'client');
		const client: ClientRecord = {
			id,
			uuid: uuid(),
			role_slug: fields.role_slug ?? 'viewer',
			invite_email: fields.email ?? `client${id}@example.com`,
			invited_at: fields.invited_at ?? t,
			joined_at: fields.joined_at !== undefined ? fields.joined_at : fields.joined ? t : null,
			created_at: t,
			updated_at: t,
			section_ids: fields.section_ids ?? [],
			project_ids:
				fields.project_ids ?? (this._state.projects[0] ? [this._state.projects[0].id] : []),
		};
		this._state.clients.push(client);
		return client;
	}

	setProjectSuspended(projectId: number, suspended: boolean): void {
		this.project(projectId).is_suspended = suspended;
	}

	/** The JSON the API would answer for a record (project-scoped kinds need the project id; default: the seeded project). */
	toJson(kind: RecordKind, id: number, projectId?: number): Record<string, unknown> {
		const project =
			kind === 'project' || kind === 'client'
				? undefined
				: projectId !== undefined
					? this.project(projectId)
					: this.defaultProject();
		return recordJson(this._state, kind, id, project);
	}
}
