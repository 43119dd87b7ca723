/** A list's walk as a poll takes it (../reading/watch.ts): its records, its cursor, and the same cut short. */
import type { Cursor, ListRecord } from '../state/cursor';

type Read = { records: ListRecord[]; cursor: Cursor };

/** A walk's records (filtered, oldest first) and cursor, and the same cut to the first `count`. */
export type WalkResult =
	| (Read & { reached: true; cut: (count: number) => Read })
	/** The budget was spent before the walk's first request: nothing read, nothing moves. */
	| { reached: false; cursor: Cursor };

type Reached = Extract<WalkResult, { reached: true }>;

/** Two walks of one list in one poll, `then` from where `first` ended: one walk (cut across both). */
export function joinWalks(first: Reached, then: Reached): Reached {
	const before = first.records;
	const after = (cut: Read) => ({ records: [...before, ...cut.records], cursor: cut.cursor });
	return {
		reached: true,
		records: [...before, ...then.records],
		cursor: then.cursor,
		cut: (count) =>
			count <= before.length ? first.cut(count) : after(then.cut(count - before.length)),
	};
}
