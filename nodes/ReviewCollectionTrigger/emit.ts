/**
 * What a poll emits: at most Max Events per Poll (contract §9), shared out across projects so that
 * none is starved, and the items as n8n gets them.
 */
import type { IPollFunctions, INodeExecutionData } from 'n8n-workflow';

import { simplifyRecord } from '../ReviewCollection/helpers/summaries';
import type { ListRecord } from './state/cursor';
import { SIMPLIFY_KIND } from './description';
import { EVENTS } from './events/events';
import type { Watch } from './reading/list-request';
import type { ProjectRef } from './projects';

/**
 * How many of `counts[i]` events project i emits, at most `max` in all: an equal share each (a project
 * with fewer leaves the rest to the others), what does not divide evenly to the first in line (the
 * projects cut short last time are first in line: ./projects.ts `inWaitingOrder`).
 */
export function allot(counts: number[], max: number): number[] {
	const shares = counts.map(() => 0);
	let left = max;
	let open = counts.map((_, index) => index).filter((index) => counts[index] > 0);
	while (left > 0 && open.length > 0) {
		const each = Math.max(1, Math.floor(left / open.length));
		for (const index of open) {
			const take = Math.min(each, counts[index] - shares[index], left);
			shares[index] += take;
			left -= take;
			if (left === 0) break;
		}
		open = open.filter((index) => shares[index] < counts[index]);
	}
	return shares;
}

/** Items as emitted: simplified when asked (the `project` of an agency-wide trigger kept on top). */
export function output(
	ctx: IPollFunctions,
	watch: Watch,
	records: ListRecord[],
	project?: ProjectRef,
): INodeExecutionData[] {
	const simplify = ctx.getNodeParameter('simplify', false) === true;
	const kind = SIMPLIFY_KIND[EVENTS[watch.event].kind];
	return records.map((record) => {
		const json = simplify ? simplifyRecord(kind, record) : record;
		return { json: project ? { ...json, project } : json };
	});
}
