/** Public types of the simulator (request log and fault injection). */

export interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	/** Parsed JSON, or the raw string if not JSON, undefined if empty. */
	body: unknown;
	/** Lower-cased header names. */
	headers: Record<string, string>;
	authorization?: string;
	/** Final HTTP status (0 when the socket was dropped). */
	status: number;
	/** The kind of the injected fault that applied to this request, if any. */
	fault?: string;
	/** Wall-clock ms (real time, not a faked Date) when the request arrived, and when it was answered. */
	receivedAt?: number;
	answeredAt?: number;
}

export type Fault =
	| { kind: 'status'; status: number; retryAfter?: number | string; body?: unknown }
	| { kind: 'malformed' }
	| { kind: 'html'; status: number }
	| { kind: 'drop' }
	| { kind: 'successFalse'; code?: number; message?: string }
	| { kind: 'hang'; ms: number };

export interface FaultRule {
	fault: Fault;
	method?: string;
	/** string = exact path, or a prefix when it ends with '*'. */
	path?: string | RegExp;
	/** Only requests whose query holds these values (e.g. `{ facet: 'duplicate' }`: the duplicate question). */
	query?: Record<string, string>;
	/** How many matching requests this rule applies to (default 1). */
	times?: number;
	/** Let this many matching requests through untouched before the rule applies (default 0). */
	skip?: number;
	/** true: handle the request normally (state changes happen), then answer with the fault instead. */
	after?: boolean;
}

export interface SimulatorOptions {
	/** default 0 = random free port */
	port?: number;
	agencyKey?: string;
	/** default true: project 'Acme Bakery' with locations, tags, sources, share templates and a few records. */
	seed?: boolean;
	/** The service's choices where the spec is silent (./dialect.ts): a dialect's name; default SIM_DIALECT, else `guesses`. */
	dialect?: string;
}
