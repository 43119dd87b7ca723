/**
 * tallied (nodes/ReviewCollectionTrigger/state/account.ts), pure: a count of the records told and the
 * last LAST_IDS of them, a record told again counted once and moved to the end. Through the engine:
 * account.test.ts.
 */
import { LAST_IDS, tallied } from '../../nodes/ReviewCollectionTrigger/state/account';

describe('tallied', () => {
	it('counts each id once, keeps the last ones in the order last told', () => {
		expect(LAST_IDS).toBe(3);
		const first = tallied(undefined, [
			[1, 10],
			[2, 20],
			[1, 11],
		]);
		expect(first).toStrictEqual({
			n: 2,
			last: [
				[2, 20],
				[1, 11],
			],
		});
		const next = tallied(first, [
			[3, 30],
			[2, 21],
			[4, 40],
		]);
		expect(next).toStrictEqual({
			n: 4,
			last: [
				[3, 30],
				[2, 21],
				[4, 40],
			],
		});
	});

	it('nothing told: the tally as it was; a note is cut to 40 characters', () => {
		const tally = { n: 5, last: [[7, 70]] as Array<[number, number | string]> };
		expect(tallied(tally, [])).toBe(tally);
		expect(tallied(undefined, [[1, 'x'.repeat(50)]])!.last).toStrictEqual([[1, 'x'.repeat(40)]]);
	});

	it('10,000 records in one poll: counted, the last three kept', () => {
		const entries = Array.from({ length: 10_000 }, (_, i): [number, number] => [i + 1, i]);
		expect(tallied(undefined, entries)).toStrictEqual({
			n: 10_000,
			last: [
				[9_998, 9_997],
				[9_999, 9_998],
				[10_000, 9_999],
			],
		});
	});
});
