/**
 * Every piece of module memory the package keeps, in one place. n8n gives a node no per-execution or
 * per-workflow store besides static data (which is saved with the workflow and must hold no secret), so
 * what an execution or an active trigger must remember in memory lives here, and nowhere else:
 *
 * - per execution, keyed by its context object (WeakMaps: gone with the execution);
 * - per active trigger, keyed by workflow id + node name (bounded; the oldest go first), because the
 *   polls of a trigger are separate executions.
 *
 * Each store is owned (read and written) by one module, named on it.
 */
import type { RetrySettings } from './retry';

/** credentials.ts: the authentication choice, Base URLs and project keys of one execution. */
export interface ExecutionCredentials {
	authentication?: string;
	baseUrls: Map<string, string>;
	/** Project keys read with the agency key, by project (the execution's credential and Base URL). */
	projectKeys: Map<string, Promise<string>>;
}
export const executionCredentials = new WeakMap<object, ExecutionCredentials>();

/**
 * credentials.ts: project keys of an active trigger, kept between its polls (an idle poll stays one
 * request), bound to the credential id and Base URL they were read through (`binding`).
 */
export const triggerProjectKeys = new Map<
	string,
	{ binding: string; keys: Map<string, Promise<string>> }
>();
/** credentials.ts: contexts of trigger polls (their project keys go to `triggerProjectKeys`). */
export const pollContexts = new WeakSet<object>();

/** backoff.ts: until when an execution holds back every request after a 429. */
export const backoffGates = new WeakMap<object, { until: number }>();

/** request.ts: which request an envelope answered (for errors about its shape found later). */
export const answeredRequests = new WeakMap<object, { request: string; status: number }>();

/** request.ts: the Request Options of the item last asked for, per execution. */
export const lastSettings = new WeakMap<
	object,
	{ itemIndex: number; settings: RetrySettings & { timeoutMs: number } }
>();

/**
 * ReviewCollectionTrigger/lineage.ts, per trigger: what it last handed to n8n (its static data as JSON,
 * with the activation it descends from and its generation), the activation this process last polled,
 * and the poll running now.
 */
export const triggerHanded = new Map<
	string,
	{ activation: string; generation: number; data: string; endedAt: number }
>();
export const triggerPolled = new Map<string, string>();
/** Polls started in this process, counted: `endedAt` above is this count when a hand-over ended. */
export const pollTickets = { next: 0 };
export const triggerRunning = new Map<string, Promise<unknown>>();
