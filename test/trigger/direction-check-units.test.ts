/**
 * checkNotNewestFirst (nodes/ReviewCollectionTrigger/walk/paging.ts), pure: a first page oldest first
 * that is the probe's newest page again, of one moment, fails naming sort_dir; anything a service that
 * honours the direction can answer does not. Through the engine: dialects/direction-one-moment.test.ts.
 */
import type { ListRecord } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import type { ProbeSeen } from '../../nodes/ReviewCollectionTrigger/walk/paging';
import { checkNotNewestFirst, OrderError } from '../../nodes/ReviewCollectionTrigger/walk/paging';

const records = (ids: number[]): ListRecord[] => ids.map((id) => ({ id, created_at: 100 }));
const probeOf = (ids: number[], total: number): ProbeSeen => ({ ids: new Set(ids), total });
const newest = [20, 19, 18, 17, 16, 15, 14, 13];

describe('checkNotNewestFirst', () => {
	it('the probe’s records again, in reverse id order, in a longer list: sort_dir named', () => {
		expect(() => checkNotNewestFirst(probeOf(newest, 30), records(newest), 30)).toThrow(OrderError);
		expect(() => checkNotNewestFirst(probeOf(newest, 30), records(newest), 30)).toThrow(
			/sort_dir=asc.*ignored the sort direction parameter sort_dir/,
		);
	});

	it.each([
		['no probe', undefined, newest, 30],
		['no total', probeOf(newest, 30), newest, undefined],
		['another total (the list changed in between)', probeOf(newest, 31), newest, 30],
		['the whole list is one page (both directions list it)', probeOf(newest, 8), newest, 8],
		['fewer than 8 records', probeOf(newest.slice(1), 30), newest.slice(1), 30],
		['in id order', probeOf(newest, 30), [...newest].reverse(), 30],
		['one record out of reverse order', probeOf(newest, 30), [20, 19, 18, 16, 17, 15, 14, 13], 30],
		['another record than the probe’s', probeOf(newest, 30), [20, 19, 18, 17, 16, 15, 14, 12], 30],
		['fewer records than the probe', probeOf([...newest, 12], 30), newest, 30],
	])('%s: no error', (_, probe, ids, total) => {
		expect(() => checkNotNewestFirst(probe, records(ids), total)).not.toThrow();
	});
});
