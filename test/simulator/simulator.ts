/** ApiSimulator: the HTTP server plus direct (unlogged) state helpers for tests. */
import { Server, createServer } from 'node:http';
import { Socket } from 'node:net';
import * as records from './direct-records';
import { FaultQueue } from './fault-queue';
import { ListChange, ListChurn, removeRecord } from './list-churn';
import { createProject } from './model';
import { recordJson } from './to-json';
import { seedDefault, seedProjectConfig, seedSections } from './seed';
import { handleRequest } from './server';
import { Dialect, dialectNamed, dialectOfEnvironment } from './dialect';
import {
	ChargeRecord,
	ClientRecord,
	CustomerRecord,
	MESSAGE_TIMESTAMPS,
	MessageRecord,
	ReviewRecord,
	SimProject,
	SimState,
	findProject,
	newAgencyKey,
	newState,
	nowOf,
} from './state';
import { FaultRule, LoggedRequest, SimulatorOptions } from './types';
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

export class ApiSimulator {
	readonly requests: LoggedRequest[] = [];
	readonly agencyKey: string;
	private _state: SimState;
	private _baseUrl = '';
	private readonly faults = new FaultQueue();
	private readonly churn = new ListChurn();
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
					takeFault: (m, p, q) => sim.faults.take(m, p, q),
					beforeAnswer: (e) => {
						sim.churn.apply(e);
						sim.answering?.(e);
					},
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
		const dialect = this.options.dialect
			? dialectNamed(this.options.dialect)
			: dialectOfEnvironment();
		const state = newState(this.agencyKey, dialect);
		state.baseUrl = this._baseUrl;
		state.clock.frozen = frozen;
		seedSections(state);
		if (this.options.seed !== false) {
			const p = seedDefault(state, this.seedKey);
			this.seedKey = p.key;
		}
		return state;
	}

	/** The service's choices where the spec is silent (./dialect.ts). */
	get dialect(): Dialect {
		return this._state.dialect;
	}

	/** Test control: answer as another dialect from now on (records are kept; reset() goes back). */
	setDialect(name: string): void {
		this._state.dialect = dialectNamed(name);
	}

	/** A photo URL the service can fetch (a valid image here); `name` ending in .txt or .html is not an image. */
	photoUrl(name = 'photo.png'): string {
		return `${this._baseUrl}/samples/${name}`;
	}

	clearLog(): void {
		this.requests.length = 0;
	}

	/** Test control: `hook` runs before each request is answered (a list can change between page reads). */
	answering: ((request: LoggedRequest) => void) | undefined;

	injectFault(rule: FaultRule): void {
		this.faults.inject(rule);
	}

	clearFaults(): void {
		this.faults.clear();
		this.churn.clear();
	}

	/** Fault mode: someone else changes a list just before its nth GET is answered (./list-churn.ts). */
	changeListBefore(change: ListChange): void {
		this.churn.add(change);
	}

	/** Removes a record as its DELETE would, without a request (e.g. inside changeListBefore). */
	removeRecord(kind: 'review' | 'charge' | 'message', id: number, projectId?: number): void {
		removeRecord(
			projectId === undefined ? this.defaultProject() : this.project(projectId),
			kind,
			id,
		);
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
		return records.addCustomer(this._state, this.project(projectId), fields);
	}

	addReview(projectId: number, fields: Partial<ReviewInput> = {}): ReviewRecord {
		return records.addReview(this._state, this.project(projectId), fields);
	}

	/** Bulk: all reviews share one customer (found or created once from the fields); slugs are resolved once. */
	addReviews(projectId: number, count: number, fields: Partial<ReviewInput> = {}): void {
		records.addReviews(this._state, this.project(projectId), count, fields);
	}

	addMessage(projectId: number, fields: MessageInput = {}): MessageRecord {
		return records.addMessage(this._state, this.project(projectId), fields);
	}

	/** Bulk: all messages go to one customer (the given one, else the first customer of the project). */
	addMessages(projectId: number, count: number, fields: MessageInput = {}): void {
		records.addMessages(this._state, this.project(projectId), count, fields);
	}

	/**
	 * Test control: the record is listed `seconds` from now by the service's clock, not before (a late
	 * commit, a lagging replica: ./late-join.ts); a read by id still finds it.
	 */
	joinLate(
		kind: 'reviews' | 'customers' | 'messages',
		id: number,
		seconds: number,
		projectId?: number,
	): void {
		const project = projectId === undefined ? this.defaultProject() : this.project(projectId);
		project[kind].joins?.joinLate(id, seconds);
	}

	/** Test control: the service stamps a message's delivery timestamp (spec 2.8), e.g. delivered_at. */
	setMessageTime(
		projectId: number,
		messageId: number,
		field: (typeof MESSAGE_TIMESTAMPS)[number],
		seconds: number | null,
	): void {
		records.setMessageTime(this.project(projectId), messageId, field, seconds);
	}

	addCharge(projectId: number, fields: ChargeInput = {}): ChargeRecord {
		return records.addCharge(this._state, this.project(projectId), fields);
	}

	addClient(fields: ClientInput = {}): ClientRecord {
		return records.addClient(this._state, fields);
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
