/**
 * The Fetch Test Event explanation's bound (./fetch-text.ts, pure): whatever 500 projects hold (long
 * service messages, every project failing differently, every filter excluding), the text stays short
 * and names the projects that decide it. The engine tests (fetch-explains.test.ts) hold the wording.
 */
import { PLAIN_TERMS } from '../../nodes/ReviewCollectionTrigger/rules/event-terms';
import type { FetchAccount } from '../../nodes/ReviewCollectionTrigger/fetch-test/fetch-test';
import { Tally } from '../../nodes/ReviewCollectionTrigger/fetch-test/fetch-tally';
import { fetchExplanation } from '../../nodes/ReviewCollectionTrigger/fetch-test/fetch-text';
import type { Watch } from '../../nodes/ReviewCollectionTrigger/reading/list-request';

const watch: Watch = {
	event: 'newReview',
	filters: { source: 'google', location: 'downtown', score: '5', tag: 'vip' },
	extraQuery: {},
	windowSeconds: 0,
	timeoutMs: 10_000,
	terms: PLAIN_TERMS,
};

const review = (id: number) => ({
	id,
	score: 3,
	created_at: 1_800_000_000 + id,
	source: { slug: `source-${'x'.repeat(80)}` },
	location: null,
	tags: [{ slug: 'a' }, { slug: 'b' }, { slug: 'c' }, { slug: 'd' }],
});

function readAccount(index: number): FetchAccount {
	const tally = new Tally(watch);
	tally.add(
		Array.from({ length: 100 }, (_, i) => review(index * 1_000 + 100 - i)),
		10_000,
	);
	return { project: { id: index, name: `Client ${'n'.repeat(200)} ${index}` }, tally };
}

function failedAccount(index: number): FetchAccount {
	return {
		project: { id: index, name: `Client ${index}` },
		failure: {
			message: `The service answered 500: ${String(index).repeat(60)}`.slice(0, 300),
			description: 'd'.repeat(300),
		},
	};
}

describe('fetchExplanation: bounded for 500 projects', () => {
	it('500 projects, half failing with 250 different messages, half excluded by 4 filters: under 7,000 characters', () => {
		const accounts = Array.from({ length: 500 }, (_, i) =>
			i % 2 ? failedAccount(i) : readAccount(i),
		);
		const text = fetchExplanation(watch, accounts, true);
		expect(text.length).toBeLessThan(7_000);
		const lines = text.split('\n');
		// The header, 8 projects in full, the rest counted, what to do.
		expect(lines).toHaveLength(11);
		expect(lines[0]).toBe('Nothing matched in any of the 500 projects of the agency.');
		expect(lines.slice(1, 4).every((line) => / cannot be read: /.test(line))).toBe(true);
		// Then the projects with the newest records, newest first.
		expect(lines[4]).toMatch(
			/^Project 498 \(Client n+ 498\): read the 100 newest reviews of 10000; /,
		);
		expect(lines[9]).toMatch(
			/^The other 492 projects: 247 cannot be read \(\d+ with "The service answered 500: \d+"(; \d+ with "[^"]+"){2}\); 245 have reviews, every one excluded \(Source google: 24500 reviews; Location downtown: 24500 reviews; Score 5: 24500 reviews\)\.$/,
		);
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(1_000);
	});

	it('one project: one clause a line, no project prefix', () => {
		const text = fetchExplanation(watch, [{ tally: readAccount(1).tally }], false);
		expect(text.split('\n').slice(0, 3)).toEqual([
			'Read the 100 newest reviews of 10000; the newest (id 1100) created at 2027-01-15T08:18:20Z.',
			'Source google: 100 of the 100 newest reviews excluded, the newest came from source-' +
				'x'.repeat(53) +
				'.',
			'Location downtown: 100 of the 100 newest reviews excluded, the newest has no location.',
		]);
		expect(text).toContain(
			'Tag vip: 100 of the 100 newest reviews excluded, the newest is tagged a, b, c.',
		);
	});
});
