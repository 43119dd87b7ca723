/**
 * checkNotReversed (nodes/ReviewCollectionTrigger/walk/paging.ts), pure: an answer oldest first with
 * REVERSED_RUN records of one moment in a row, newest id first, fails naming sort_dir (the service gave
 * it newest first); anything a service that honours the direction answers does not, equal moments in any
 * order included. Through the engine: dialects/direction-one-moment.test.ts.
 */
import type { Key, ListRecord } from '../../nodes/ReviewCollectionTrigger/state/cursor';
import {
	checkNotReversed,
	OrderError,
	REVERSED_RUN,
} from '../../nodes/ReviewCollectionTrigger/walk/paging';

/** Records `ids` with the moments `moments` (one moment for all when a number). */
function page(ids: number[], moments: number | number[] = 100): [ListRecord[], Key[]] {
	const at = (i: number) => (typeof moments === 'number' ? moments : moments[i]);
	return [ids.map((id) => ({ id })), ids.map((id, i) => [at(i), id] as Key)];
}
const down = (from: number, count: number) => Array.from({ length: count }, (_, i) => from - i);

describe('checkNotReversed', () => {
	it('REVERSED_RUN records of one moment newest id first, in a row: sort_dir named', () => {
		expect(REVERSED_RUN).toBe(12);
		expect(() => checkNotReversed(...page(down(50, 12)))).toThrow(OrderError);
		expect(() => checkNotReversed(...page([1, 2, ...down(50, 12), 3]))).toThrow(
			/sort_dir=asc.*12 records of one moment came newest id first.*ignored the sort direction parameter sort_dir/,
		);
	});

	it.each([
		['11 in a row', page(down(50, 11))],
		['in id order', page(down(50, 20).reverse())],
		['one out of the row', page([...down(50, 6), 60, ...down(44, 6)])],
		[
			'reverse ids across two moments',
			page(down(50, 12), [...Array(6).fill(100), ...Array(6).fill(101)]),
		],
		['an empty page', page([])],
	])('%s: no error', (_, [records, keys]) => {
		expect(() => checkNotReversed(records, keys)).not.toThrow();
	});
});
