/**
 * Events with a Late Event Window read their list from a day (`Cursor.from`, `date_from` on the moment)
 * a day or more below the floor, not from 1970 (issue 32, loss 2): the list's size an idle poll of a busy
 * window compares then counts only what lies near the window, so a withdrawal days away (a reply of last
 * week withdrawn, a record deleted) does not cancel a late moment's +1. Positions are counted in that
 * list; when the floor has moved on by more than MOVE_AFTER, the day moves up and the positions shift by
 * what it leaves out (two one-record requests, once in that while).
 */
import type { IPollFunctions } from 'n8n-workflow';

import { listPage } from '../../ReviewCollection/transport/list-page';
import type { PollBudget } from './budget';
import type { Cursor } from '../state/cursor';
import type { ProjectTarget, Watch } from './list-request';
import { list, NEWEST } from './list-request';

const DAY = 86_400;
const MOVE_AFTER = 2 * DAY;

/** The start (00:00 UTC) of the day a list read from a floor at `moment` starts at. */
export function fromDay(moment: number): number {
	return Math.max(0, Math.floor((moment - DAY) / DAY) * DAY);
}

/** The cursor with its list's day up to date (undefined: read from 1970, as before). */
export async function withFrom(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	cursor: Cursor,
	budget: PollBudget,
): Promise<Cursor> {
	if (watch.windowSeconds === 0 || cursor.since !== undefined) return cursor;
	const wanted = fromDay(cursor.floor[0]);
	if (cursor.from !== undefined && wanted - cursor.from <= MOVE_AFTER) return cursor;
	const sizeFrom = async (from?: number) => {
		const answer = await list(ctx, watch, project, NEWEST, budget, { from });
		return listPage(answer, NEWEST.page, NEWEST.perPage).total ?? 0;
	};
	const shift = Math.max(0, (await sizeFrom(cursor.from)) - (await sizeFrom(wanted)));
	// The size it compared was of the other list: no idle check until read to the end again.
	return {
		...cursor,
		total: undefined,
		from: wanted,
		position: Math.max(0, cursor.position - shift),
		...(cursor.resumeAt !== undefined ? { resumeAt: Math.max(0, cursor.resumeAt - shift) } : {}),
	};
}
