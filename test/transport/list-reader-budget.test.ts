/**
 * Unit tests of the list reader (nodes/ReviewCollection/transport/list-reader.ts): pages read up to
 * `concurrency` at once and taken in list order, none left running when the read returns; a list that
 * changes faster than it can be read fails after a bounded number of requests. The bound is the one the
 * property test holds the reader to (list-reader-property.test.ts): three reads per page of the size
 * served, eight for pages that only touch, plus 2 × concurrency + 10, for the list size of the first
 * answer. The rules one by one: list-reader-units.test.ts.
 */
import { ListPageError } from '../../nodes/ReviewCollection/transport/list-page';
import type {
	ListReadOptions,
	PageAnswer,
} from '../../nodes/ReviewCollection/transport/list-reader';
import { readList } from '../../nodes/ReviewCollection/transport/list-reader';
import type { Row } from '../harness/id-rows';
import { ids, rows } from '../harness/id-rows';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A service that answers only when told (`reply`): pages of `list` as it is then. */
function manual(list: Row[], fixed?: number) {
	const pending: Array<{ page: number; perPage: number; answer: (a: PageAnswer) => void }> = [];
	let most = 0;
	let asked = 0;
	const readPage = (page: number, perPage: number) =>
		new Promise<PageAnswer>((answer) => {
			if (++asked > 500) throw new Error('more than 500 pages asked for');
			pending.push({ page, perPage, answer });
			most = Math.max(most, pending.length);
		});
	const reply = (index: number) => {
		const [{ page, perPage: asked, answer }] = pending.splice(index, 1);
		const perPage = fixed ?? asked;
		answer({
			records: list.slice((page - 1) * perPage, page * perPage),
			lastPage: Math.max(1, Math.ceil(list.length / perPage)),
			total: list.length,
			perPage,
		});
	};
	return { readPage, pending, reply, most: () => most };
}

/** Reads `list`, answering the newest page asked first; the records and the most pages at once. */
async function newestFirst(list: Row[], options: ListReadOptions, fixed?: number) {
	const service = manual(list, fixed);
	let done = false;
	const reading = readList(service.readPage, options).finally(() => (done = true));
	for (let ticks = 0; !done; ticks++) {
		if (ticks > 5_000) throw new Error('the read neither asks for a page nor ends');
		await tick();
		if (service.pending.length > 0) service.reply(service.pending.length - 1);
	}
	return { records: ids(await reading), most: service.most() };
}

describe('pages read at once', () => {
	it('up to concurrency pages in flight (a whole number, at least 1), taken in list order', async () => {
		const list = rows(1, 100);
		for (const [concurrency, most] of [
			[3, 3],
			[2.7, 2],
			[1, 1],
			[0, 1],
		]) {
			const read = await newestFirst(list, { pageSize: 20, concurrency });
			expect(read.records).toEqual(ids(list));
			expect(read.most).toBe(most);
		}
	});

	it('no page past a Limit; pages that only touch one after another', async () => {
		const limited = await newestFirst(rows(1, 100), { pageSize: 20, concurrency: 3, limit: 30 });
		expect(limited).toEqual({ records: ids(rows(1, 30)), most: 1 });
		const touching = await newestFirst(rows(1, 40), { pageSize: 20, concurrency: 3 }, 7);
		expect(touching).toEqual({ records: ids(rows(1, 40)), most: 1 });
	});

	it('the read returns only once every page asked for is answered', async () => {
		const list = rows(1, 100);
		const service = manual(list);
		let done = false;
		const reading = readList(service.readPage, { pageSize: 20, concurrency: 3 }).finally(
			() => (done = true),
		);
		await tick();
		service.reply(0);
		await tick();
		expect(service.pending.map(({ page, perPage }) => [page, perPage])).toEqual([
			[2, 18],
			[3, 17],
			[4, 16],
		]);
		// The list shrinks to 30: page 2 (from 18) is its last; pages 3 and 4 are still out.
		list.splice(30);
		service.reply(0);
		for (let i = 0; i < 5; i++) await tick();
		expect(done).toBe(false);
		service.reply(0);
		service.reply(0);
		expect(ids(await reading)).toEqual(ids(rows(1, 30)));
	});
});

describe('a list that changes faster than it can be read', () => {
	/** Every page all new records (the list moved past each page before it was read). */
	function churning(fixed?: number, total = (_calls: number) => 40) {
		let next = 1;
		let calls = 0;
		const readPage = async (_page: number, asked: number): Promise<PageAnswer> => {
			const perPage = fixed ?? asked;
			const size = total(calls++);
			if (calls > 500) throw new Error('more than 500 pages asked for');
			return {
				records: Array.from({ length: perPage }, () => ({ id: next++ })),
				lastPage: Math.ceil(size / perPage),
				total: size,
				perPage,
			};
		};
		return { readPage, calls: () => calls };
	}

	it('fails (ListPageError, a paging problem) after 3 × 2 + 2 + 10 = 18 pages of 20 for 40 records', async () => {
		const service = churning();
		const error = await readList(service.readPage, { pageSize: 20 }).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ListPageError);
		expect(error).toMatchObject({ paging: true });
		expect((error as Error).message).toBe(
			'the list changed faster than it could be read (18 pages read, pagination.total now 40)',
		);
		expect(service.calls()).toBe(18);
	});

	it('the bound is set by the first answer (a growing list does not raise it); the error is the caller’s', async () => {
		const service = churning(undefined, (calls) => 40 + 100 * calls);
		const fail = (problem: string) => new Error(`custom: ${problem}`);
		const error = await readList(service.readPage, { pageSize: 20, fail }).catch((e: unknown) => e);
		expect(error).toEqual(
			new Error(
				'custom: the list changed faster than it could be read (18 pages read, pagination.total now 1740)',
			),
		);
		expect(service.calls()).toBe(18);
	});

	it('pages of the service own size: 8 × 4 + 2 + 10 = 44 pages of 10 for 40 records', async () => {
		const service = churning(10);
		await expect(readList(service.readPage, { pageSize: 20 })).rejects.toThrow(
			'(44 pages read, pagination.total now 40)',
		);
		expect(service.calls()).toBe(44);
	});

	it('with 3 pages at once: 6 more requests allowed', async () => {
		const service = churning();
		await expect(readList(service.readPage, { pageSize: 20, concurrency: 3 })).rejects.toThrow(
			ListPageError,
		);
		expect(service.calls()).toBe(22);
	});
});
