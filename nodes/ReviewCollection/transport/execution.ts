import type { RetrySettings } from './retry';

/**
 * What one execution of the action node keeps between its requests, in one object the router creates
 * and passes down (the operations hand it to every request as `ApiRequest.execution`): nothing of it
 * outlives the execution or reaches another one. A caller without one gets its poll's (the trigger's
 * code passes none yet: ./credentials.ts `usePollKeyCache`), else a fresh one per request (the editor's
 * list searches, the credential test); the trigger's project keys live on between polls in ./memory.ts.
 */
export interface Execution {
	/** ./credentials.ts: the authentication choice, Base URLs and project keys read with the agency key. */
	credentials: {
		authentication?: string;
		baseUrls: Map<string, string>;
		/** By project, read through this execution's agency credential and Base URL. */
		projectKeys: Map<string, Promise<string>>;
	};
	/** ./backoff.ts: until when (epoch ms) every request holds back after a 429. */
	backoffUntil: number;
	/** ./request.ts: the Request Options of the item last asked for (the pages of one list share them). */
	lastSettings?: { itemIndex: number; settings: RetrySettings & { timeoutMs: number } };
}

export function newExecution(): Execution {
	return { credentials: { baseUrls: new Map(), projectKeys: new Map() }, backoffUntil: 0 };
}
