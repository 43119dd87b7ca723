import type { IDataObject } from 'n8n-workflow';

import type { Execution } from '../transport';
import { newExecution } from '../transport';

/**
 * One execution of the action node: what its requests share (../transport/execution.ts) and what its
 * syncs have read. The router creates it and passes it to every item's operation (and they to every
 * request); nothing of it outlives the execution or reaches another one.
 */
export interface ActionExecution extends Execution {
	/** ./sync-customer.ts: the customers items resolved to, by project and contact. */
	customers: CustomerCache;
	/** ./charge/find-recorded.ts: what Skip If Already Recorded has read and recorded. */
	charges: ChargeReads;
}

export type CustomerCache = Map<string, Promise<IDataObject[]>>;

/**
 * The charges around a day, per project, and the charges this execution recorded itself. A read in
 * flight is shared by the items that need it (items of other customers run at once under
 * Concurrency); a failed read is forgotten, so the next item tries again.
 */
export interface ChargeReads {
	around: Map<string, Promise<IDataObject[]>>;
	/** Days whose list was read before a charge of this execution was recorded on them. */
	stale: Set<string>;
	recorded: Array<{ project: string; answer: IDataObject; customerIds: () => Promise<number[]> }>;
	/** Charge lists being paged through, and charge POSTs in flight: never both at once. */
	listing: Set<Promise<unknown>>;
	posting: Set<Promise<unknown>>;
}

export function newActionExecution(): ActionExecution {
	return {
		...newExecution(),
		customers: new Map(),
		charges: {
			around: new Map(),
			stale: new Set(),
			recorded: [],
			listing: new Set(),
			posting: new Set(),
		},
	};
}
