/**
 * What every check of the probe shares: the three verdicts, the lists it reads, a list answer read once,
 * and what earlier checks found. No n8n and no HTTP here: a `ProbeClient` sends the GET requests (the
 * node's credential in Check Service, fetch in `npm run probe`).
 */
import { GUESSES } from '../../../transport/guesses';

/** The key sent where a refused key's answer is checked: no service issues it. */
export const NEVER_ISSUED = 'probe-not-a-key-0000000000';

/** Which key signs a request: the project's, the agency's, or one no service issues (to see a refusal). */
export type KeyRole = 'project' | 'agency' | 'made-up project' | 'made-up agency';

export type Query = Record<string, string | number>;

/** One answer, of any status; status 0 is no answer (`error` says why). */
export interface ProbeAnswer {
	status: number;
	body: unknown;
	/** The body was JSON. */
	json: boolean;
	error?: string;
}

/** Sends GET requests only, and never throws for an HTTP status. */
export interface ProbeClient {
	get(path: string, query: Query, key: KeyRole): Promise<ProbeAnswer>;
	/** The agency key is there (the agency rows are checked). */
	hasAgencyKey: boolean;
	/** Where to set it (the agency rows' "not checked" says so). */
	agencyKeyHint: string;
}

export type Verdict = 'holds' | 'differs' | 'not checked';

export interface Outcome {
	verdict: Verdict;
	/** What the service did (or why it could not be told). */
	detail: string;
	/** When it differs: what the package then does, and what to set. */
	setting: string;
}

export const holds = (detail: string): Outcome => ({ verdict: 'holds', detail, setting: '' });
export const differs = (detail: string, setting: string): Outcome => ({
	verdict: 'differs',
	detail,
	setting,
});
export const notChecked = (detail: string): Outcome => ({
	verdict: 'not checked',
	detail,
	setting: '',
});

export interface Check {
	/** The Probe column's id in docs/assumptions.md. */
	id: string;
	/** The guess, in a few words. */
	guess: string;
	run(ctx: ProbeContext): Promise<Outcome>;
}

/** The page size the checks ask for (the package's largest page). */
export const LARGEST_PAGE = GUESSES.largestPage.value;

export type ListKind = 'reviews' | 'customers' | 'messages' | 'charges';

export const LISTS: Record<ListKind, string> = {
	reviews: '/project/reviews',
	customers: '/project/customers',
	messages: '/project/messages',
	charges: '/project/charges',
};

export type ProbeRecord = Record<string, unknown>;

export interface ListAnswer extends ProbeAnswer {
	/** undefined when `data` is not an array. */
	records?: ProbeRecord[];
	pagination?: Record<string, unknown>;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

export const isWhole = (value: unknown): value is number =>
	typeof value === 'number' && Number.isInteger(value);

/** The service refused what was asked (a 4xx that is not about the key or the rate). */
export const isRefusal = (status: number): boolean =>
	status >= 400 && status < 500 && ![401, 403, 429].includes(status);

export function asList(answer: ProbeAnswer): ListAnswer {
	const body = isObject(answer.body) ? answer.body : {};
	const records = Array.isArray(body.data)
		? body.data.map((record: unknown) => (isObject(record) ? record : {}))
		: undefined;
	const pagination = isObject(body.pagination) ? body.pagination : undefined;
	return { ...answer, records, pagination };
}

/** One line for an answer that is not a usable list (why a check could not go on). */
export function unusable(answer: ProbeAnswer): string {
	if (answer.status === 0) return `no answer (${answer.error ?? 'no reason given'})`;
	if (answer.status !== 200) {
		const message =
			isObject(answer.body) && typeof answer.body.message === 'string'
				? `: ${answer.body.message}`
				: '';
		return `HTTP ${answer.status}${message}`;
	}
	return 'the answer has no list of records in data';
}

/** A whole number of a record or pagination, else undefined. */
export const whole = (value: unknown): number | undefined => (isWhole(value) ? value : undefined);

export interface ProbeContext {
	client: ProbeClient;
	/** GET with the project key, as a list answer (a failure is kept for the error-body check). */
	list(path: string, query?: Query): Promise<ListAnswer>;
	get(path: string, query?: Query, key?: KeyRole): Promise<ProbeAnswer>;
	/** The first page of a list in its default order, as large as the service gives (read once). */
	sample(kind: ListKind): Promise<ListAnswer>;
	/** The page-size name to send: the package's, or the service's once a check found it. */
	sizeName(): string;
	found: { perPage?: string; perPageIgnored?: boolean };
	/** Failed answers seen, for the error-body check. */
	failures: ProbeAnswer[];
	/** The verdicts so far, by check id. */
	results: Record<string, Outcome>;
}

export function createContext(client: ProbeClient): ProbeContext {
	const samples = new Map<ListKind, Promise<ListAnswer>>();
	const ctx: ProbeContext = {
		client,
		found: {},
		failures: [],
		results: {},
		sizeName: () => ctx.found.perPage ?? GUESSES.perPage.name,
		async get(path, query = {}, key = 'project') {
			return await client.get(path, query, key);
		},
		async list(path, query = {}) {
			const answer = asList(await client.get(path, query, 'project'));
			if (answer.status >= 400) ctx.failures.push(answer);
			return answer;
		},
		async sample(kind) {
			let sample = samples.get(kind);
			if (!sample) {
				sample = ctx.list(LISTS[kind], { [ctx.sizeName()]: LARGEST_PAGE });
				samples.set(kind, sample);
			}
			return await sample;
		},
	};
	return ctx;
}
