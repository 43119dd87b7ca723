/**
 * Fault mode "a list that changes while it is read": a change (a record added or removed by someone
 * else) applied just before the service answers the nth GET of a list, i.e. between two page reads, or
 * while a read is in flight when pages are read in parallel. Injected with ApiSimulator.changeListBefore.
 */
import { refreshChargeStats } from './model';
import { SimProject } from './state';
import { LoggedRequest } from './types';

export interface ListChange {
	/** The list's path: exact, or a prefix when it ends with '*'. */
	path: string;
	/** 1-based: the change runs just before the `before`-th GET of `path` is answered. */
	before: number;
	change: () => void;
}

export class ListChurn {
	private changes: Array<ListChange & { seen: number }> = [];

	add(change: ListChange): void {
		this.changes.push({ ...change, seen: 0 });
	}

	clear(): void {
		this.changes = [];
	}

	/** Runs the changes due before this request is answered (ServerHooks.beforeAnswer). */
	apply(request: LoggedRequest): void {
		if (request.method !== 'GET') return;
		for (const change of this.changes) {
			const { path } = change;
			const matches = path.endsWith('*')
				? request.path.startsWith(path.slice(0, -1))
				: request.path === path;
			if (!matches) continue;
			change.seen++;
			if (change.seen === change.before) change.change();
		}
	}
}

/** Removes a record as the service's DELETE would (charges also refresh their customer's totals). */
export function removeRecord(
	project: SimProject,
	kind: 'review' | 'charge' | 'message',
	id: number,
): void {
	if (kind === 'review') project.reviews.remove(id);
	if (kind === 'message') project.messages.remove(id);
	if (kind === 'charge') {
		const charge = project.charges.remove(id);
		if (charge) refreshChargeStats(project, charge.customer_id);
	}
}
