/**
 * Event "Review Unanswered" (contract §8) in n8n's engine against the simulator: a review fires once
 * when `unansweredHours` have passed since its created_at and it still has no reply. Only Date is faked
 * (timers and sockets stay real): the test moves the clock of n8n and of the simulator by hand, so
 * reviews age for real. Requests counted from the simulator's log.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { createPoller } from '../harness';
import { fakeDateOnly, HOUR, later, now } from '../harness/fake-clock';
import { asStored } from '../harness/poller';
import { useSimulator } from '../harness/simulator-env';
import type { SimProject } from '../simulator';

const env = useSimulator();
const REVIEWS = '/project/reviews';

beforeEach(() => fakeDateOnly());
afterEach(() => jest.useRealTimers());

function pollerOf(parameters: INodeParameters = {}, workflowStaticData?: IDataObject) {
	return createPoller({
		parameters: {
			event: 'reviewUnanswered',
			unansweredHours: 24,
			requestOptions: { maxRetries: 0 },
			...parameters,
		},
		credentials: env.projectCredentials(),
		...(workflowStaticData ? { workflowStaticData: asStored(workflowStaticData) } : {}),
	});
}

async function counted(
	poller: ReturnType<typeof pollerOf>,
	mode: 'trigger' | 'manual' = 'trigger',
) {
	const before = env.requests('GET', REVIEWS).length;
	const output = await poller.poll(mode);
	const items = output?.[0] ?? [];
	return {
		ids: items.map((item) => item.json.id as number),
		json: items.map((item) => item.json),
		requests: env.requests('GET', REVIEWS).length - before,
	};
}

const home = () => env.sim.defaultProject();
const review = (fields: Record<string, unknown> = {}, project: SimProject = home()) =>
	env.sim.addReview(project.id, { score: 4, ...fields }).id;

async function api(method: string, path: string, body?: unknown) {
	const response = await fetch(`${env.sim.baseUrl}${path}`, {
		method,
		headers: { Authorization: `Bearer ${home().key}`, 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	expect(response.status).toBe(200);
	return (await response.json().catch(() => ({}))) as { data?: { id: number } };
}

describe('reviewUnanswered', () => {
	it('fires once at the deadline; answered before it or due before activation: never; idle = 1 request', async () => {
		const overdue = review({ created_at: now() - 25 * HOUR });
		const waiting = review();
		const replied = review();
		const marked = review();
		const poller = pollerOf();

		expect(await counted(poller)).toEqual({ ids: [], json: [], requests: 1 });
		const query = env.requests('GET', REVIEWS).at(-1)!.query;
		expect(query).toMatchObject({ sort_key: 'created_at', date_key: 'created_at', page: '1' });
		later(1);
		expect(await counted(poller)).toMatchObject({ ids: [], requests: 1 });

		await api('PUT', `${REVIEWS}/${replied}/reply`, { reply: 'Thank you!' });
		await api('PUT', `${REVIEWS}/${marked}/mark-replied`, { replied: true });
		later(23.5);
		const due = await counted(poller);
		expect(due).toMatchObject({ ids: [waiting], requests: 1 });
		expect(due.ids).not.toContain(overdue);
		expect(await counted(poller)).toMatchObject({ ids: [], requests: 1 });
		later(48);
		expect(await counted(poller)).toMatchObject({ ids: [], requests: 1 });

		// n8n restarts from the saved static data: nothing fires again.
		const restarted = pollerOf({}, poller.workflow.staticData);
		expect(await counted(restarted)).toMatchObject({ ids: [], requests: 1 });
	});

	it('a review imported with its deadline already past never fires; one imported before its deadline does', async () => {
		// Only older history, so the newest record does not already cover what the imports test.
		home().reviews.clear();
		review({ created_at: now() - 30 * HOUR });
		const poller = pollerOf();
		await poller.poll();
		const imported = async (hoursAgo: number, email: string) =>
			(
				await api('POST', REVIEWS, {
					score: 2,
					email,
					review: 'imported',
					created_at: now() - hoursAgo * HOUR,
				})
			).data!.id;
		const beforeActivation = await imported(25, 'a@example.com');
		later(2);
		expect(await counted(poller)).toMatchObject({ ids: [], requests: 1 });
		// Its deadline passed an hour ago, after the last poll, before it appeared.
		const pastWhenImported = await imported(25, 'b@example.com');
		const pending = await imported(23, 'c@example.com');
		expect((await counted(poller)).ids).toEqual([]);
		later(2);
		const due = await counted(poller);
		expect(due.ids).toEqual([pending]);
		expect(due.ids).not.toContain(beforeActivation);
		expect(due.ids).not.toContain(pastWhenImported);
		expect((await counted(poller)).ids).toEqual([]);
	});

	it('720 hours with 150 reviews of the last days not due: idle is still one request (date_to)', async () => {
		env.sim.addReviews(home().id, 150, { score: 4, created_at: now() - 5 * 24 * HOUR });
		const poller = pollerOf({ unansweredHours: 720 });
		expect(await counted(poller)).toMatchObject({ ids: [], requests: 1 });
		later(1);
		expect(await counted(poller)).toMatchObject({ ids: [], requests: 1 });
		const day = new Date((now() - 720 * HOUR + 24 * HOUR) * 1000).toISOString().slice(0, 10);
		expect(env.requests('GET', REVIEWS).at(-1)!.query).toMatchObject({ date_to: day });
	});

	it('filters apply when the deadline is found: score 1 only, duplicates never', async () => {
		const poller = pollerOf({ filters: { score: '1' } });
		await poller.poll();
		const five = review({ score: 5 });
		const one = review({ score: 1 });
		review({ score: 1, is_duplicate: true });
		later(25);
		const due = await counted(poller);
		expect(due.ids).toEqual([one]);
		expect(due.ids).not.toContain(five);
		expect((await counted(poller)).ids).toEqual([]);
	});

	it('unansweredHours out of 1–720 (an expression gave 0): a clear error, no request', async () => {
		const poller = pollerOf({ unansweredHours: '={{ 0 }}' });
		const before = env.sim.requests.length;
		await expect(poller.poll()).rejects.toThrow(/Hours Without Reply.*1 to 720/);
		expect(env.sim.requests.length).toBe(before);
	});

	it('unansweredHours is honoured and part of the scope: changing it starts afresh (silent)', async () => {
		const poller = pollerOf({ unansweredHours: 2 });
		await poller.poll();
		const a = review();
		later(1);
		expect((await counted(poller)).ids).toEqual([]);
		later(1.5);
		expect((await counted(poller)).ids).toEqual([a]);

		// Due under 1 hour, not yet under 2: the old cursor resumed would fire it.
		const b = review({ created_at: now() - 1.5 * HOUR });
		const changed = pollerOf({ unansweredHours: 1 }, poller.workflow.staticData);
		expect(await counted(changed)).toMatchObject({ ids: [], requests: 1 });
		expect((await counted(changed)).ids).not.toContain(b);
	});

	it('310 reviews due at once: all fire once, oldest first, in few requests; idle is one request', async () => {
		const added = (count: number) => {
			const start = home().reviews.items.at(-1)!.id;
			env.sim.addReviews(home().id, count, { score: 3 });
			return home()
				.reviews.items.filter((r) => r.id > start)
				.map((r) => r.id);
		};
		const poller = pollerOf();
		for (let round = 0; round < 2; round++) {
			// Round 0: 60 not due at activation; round 1: 60 not due on the newest page of a poll.
			const first = added(60);
			if (round === 0) expect(await counted(poller)).toMatchObject({ ids: [], requests: 1 });
			later(1);
			if (round === 1) expect(await counted(poller)).toMatchObject({ ids: [], requests: 1 });
			const second = added(250);
			// 310 not due: the newest page holds none that is due; one more request finds the end, and
			// one asks for the newest id (the newest page did not hold all: imports, contract §9).
			later(1);
			expect(await counted(poller)).toMatchObject({ ids: [], requests: 3 });
			later(24);
			// Five pages, or one more when a page ends with a few of the 250 due at one moment, which the
			// next page then reads whole from where they start (equal moments may come in any order: #40).
			const due = await counted(poller);
			expect(due.ids).toEqual([...first, ...second]);
			expect(due.requests).toBeGreaterThanOrEqual(5);
			expect(due.requests).toBeLessThanOrEqual(6);
			expect(await counted(poller)).toMatchObject({ ids: [], requests: 1 });
		}
	});

	it('Start From: the first poll delivers the deadlines since then', async () => {
		const before = review({ created_at: now() - 26 * HOUR });
		const since = review({ created_at: now() - 24.5 * HOUR });
		const poller = pollerOf({
			options: { startFrom: new Date((now() - HOUR) * 1000).toISOString() },
		});
		const from = now() - HOUR;
		// Every unanswered review whose deadline lies in (Start From, now], the seed's included.
		const expected = home()
			.reviews.items.filter(
				(r) =>
					r.created_at + 24 * HOUR > from &&
					r.created_at + 24 * HOUR <= now() &&
					!r.has_reply &&
					r.replied_at === null &&
					!r.is_duplicate,
			)
			.sort((x, y) => x.created_at - y.created_at || x.id - y.id)
			.map((r) => r.id);
		expect(expected).toContain(since);
		const first = await counted(poller);
		expect(first.ids).toEqual(expected);
		expect(first.ids).not.toContain(before);
		expect((await counted(poller)).ids).toEqual([]);
	});

	it('Start From three days ahead: polls do not fail; deadlines before it never fire, later ones do', async () => {
		const poller = pollerOf({
			options: { startFrom: new Date((now() + 72 * HOUR) * 1000).toISOString() },
		});
		const early = review();
		expect(await counted(poller)).toMatchObject({ ids: [], requests: 1 });
		later(50);
		expect((await counted(poller)).ids).toEqual([]);
		const late = review();
		later(25);
		const due = await counted(poller);
		expect(due.ids).toEqual([late]);
		expect(due.ids).not.toContain(early);
	});

	it('manual mode: the newest review past its deadline, unanswered and matching, moving nothing', async () => {
		const poller = pollerOf({ unansweredHours: 2 });
		await poller.poll();
		const stored = JSON.stringify(poller.staticData());
		const oldest = review({ created_at: now() - 5 * HOUR, score: 1 });
		const newest = review({ created_at: now() - 3 * HOUR, score: 2 });
		review({ created_at: now() - 2.5 * HOUR, reply: 'Thanks', score: 2 });
		review({ created_at: now() - HOUR, score: 2 });
		expect((await counted(poller, 'manual')).ids).toEqual([newest]);
		const filtered = pollerOf({ unansweredHours: 2, filters: { score: '1' } });
		expect((await counted(filtered, 'manual')).ids).toEqual([oldest]);
		expect(JSON.stringify(poller.staticData())).toBe(stored);
	});
});

describe('reviewUnanswered, All Projects', () => {
	function agencyPoller() {
		return createPoller({
			parameters: {
				event: 'reviewUnanswered',
				unansweredHours: 24,
				authentication: 'agencyKey',
				projectScope: 'all',
				requestOptions: { maxRetries: 0 },
			},
			credentials: env.agencyCredentials(),
		});
	}
	const itemsOf = (output: Awaited<ReturnType<ReturnType<typeof agencyPoller>['poll']>>) =>
		(output?.[0] ?? []).map((item) => [(item.json.project as { id: number }).id, item.json.id]);

	it('each project fires its own once, the item carries its project; a project added later too', async () => {
		const other = env.sim.createProject('Other client');
		const poller = agencyPoller();
		expect(await poller.poll()).toBeNull();
		const a = review({}, home());
		const b = review({}, other);
		const added = env.sim.createProject('New client');
		env.sim.addReview(added.id, { score: 2, created_at: now() - 40 * HOUR });
		const c = review({}, added);
		expect(await poller.poll()).toBeNull();

		later(25);
		const before = env.sim.requests.length;
		expect(itemsOf(await poller.poll())).toEqual([
			[home().id, a],
			[other.id, b],
			[added.id, c],
		]);
		expect(env.sim.requests.length - before).toBe(1 + 3);
		expect(await poller.poll()).toBeNull();
		const output = await poller.poll('manual');
		expect(itemsOf(output)).toEqual([[added.id, c]]);
	});
});
