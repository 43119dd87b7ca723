/**
 * examples/weekly-agency-digest.json in the REAL n8n app (each line): Schedule Trigger → Projects: Get
 * Many (agency key) → each project's reviews of the seven days before today (agency key + that
 * project) → n8n's Summarize node → one message for the week. Run as the editor's "Execute workflow"
 * does. The figures are computed here, independently, from the simulator's records: every review of
 * the project created in the date range the node sent (the service's default facet leaves out
 * duplicates), replied when it has a reply or a replied date.
 */
import type { SimProject } from '../simulator/state';
import type { ExampleApp, Json } from './support/example-app';
import { startExampleApp } from './support/example-app';

const n8n = require('../../scripts/n8n/n8n-app');
const stack = require('../../scripts/e2e/stack');

const DAY = 86400;

let app: ExampleApp;

/** A date (`YYYY-MM-DD`) as the service reads it: its first second, UTC. */
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

function expectedFigures(project: SimProject, from: string, to: string) {
	const reviews = project.reviews.items.filter(
		(r) => !r.is_duplicate && r.created_at >= dayStart(from) && r.created_at < dayStart(to) + DAY,
	);
	const replied = reviews.filter((r) => r.has_reply || r.replied_at !== null).length;
	const average = reviews.reduce((sum, r) => sum + r.score, 0) / reviews.length;
	return {
		projectId: project.id,
		project: project.name,
		reviews: reviews.length,
		averageScore: reviews.length ? Math.round(average * 10) / 10 : null,
		repliedPercent: reviews.length ? Math.round((replied / reviews.length) * 100) : null,
	};
}

describe('weekly agency digest (Schedule Trigger, Summarize)', () => {
	beforeAll(async () => {
		app = await startExampleApp({
			example: 'weekly-agency-digest.json',
			workflowId: 'rcExampleDigest1',
			// "The seven days before today" in a known time zone (the example uses the user's).
			adapt: (workflow) => ({ ...workflow, settings: { ...workflow.settings, timezone: 'UTC' } }),
			prepareSim: (sim) => {
				const now = sim.now();
				const cafe = sim.createProject('Corner Café & Bar');
				const add = (fields: Json) =>
					sim.addReview(cafe.id, { first_name: 'Cleo', review: 'Visit.', ...fields });
				add({ score: 5, created_at: now - 2 * DAY, reply: 'Thank you!', replied_at: now - DAY });
				add({ score: 4, created_at: now - 3 * DAY });
				add({ score: 1, created_at: now - 6 * DAY, replied_at: now - 5 * DAY });
				add({ score: 3, created_at: now - 2 * DAY, is_duplicate: true });
				add({ score: 2, created_at: now - 10 * DAY });
				add({ score: 5, created_at: now });
				const quiet = sim.createProject('Quiet Shop');
				sim.addReview(quiet.id, { score: 4, first_name: 'Quinn', created_at: now - 20 * DAY });
			},
		});
	});

	afterAll(async () => {
		await app?.stop();
	});

	it('one message: every project with its review count, average score and replied share of the week', async () => {
		const { status, run } = await stack.runManually(
			app.server,
			app.cookie,
			app.workflowId,
			'Every Monday at 8',
		);
		expect(status).toBe('success');

		// One review list per project, each with that project's own key, all with one week.
		const projects = app.sim.state.projects;
		const reads = app.sim.requests.filter(
			(r) => r.method === 'GET' && r.path === '/project/reviews',
		);
		expect(reads.map((r) => r.authorization).sort()).toEqual(
			projects.map((p) => `Bearer ${p.key}`).sort(),
		);
		const ranges = new Set(reads.map((r) => `${r.query.date_from}..${r.query.date_to}`));
		expect(ranges.size).toBe(1);
		const [from, to] = [...ranges][0].split('..');
		expect(dayStart(to) - dayStart(from)).toBe(6 * DAY);
		// The day before today in the workflow's time zone (UTC here).
		expect(dayStart(to)).toBe(Math.floor(Date.now() / 1000 / DAY) * DAY - DAY);

		const expected = projects.map((p) => expectedFigures(p, from, to));
		// The data is worth summarising: reviews in two projects, one project without any.
		expect(expected.map((e) => e.reviews > 0)).toEqual([true, true, false]);
		expect(expected[1]).toMatchObject({ reviews: 3, averageScore: 3.3, repliedPercent: 67 });

		// Summarize: one row per project that has reviews, with the raw figures.
		const rows = n8n.nodeOutput(run, 'Per Project') as Json[];
		expect(rows).toHaveLength(2);
		for (const row of rows) {
			const project = projects.find((p) => p.id === Number(row.projectId))!;
			const want = expectedFigures(project, from, to);
			expect(row.count_score).toBe(want.reviews);
			expect(Math.round(row.average_score * 10) / 10).toBe(want.averageScore);
			expect(Math.round(row.average_replied * 100)).toBe(want.repliedPercent);
		}

		const messages = n8n.nodeOutput(run, 'Weekly Message') as Json[];
		expect(messages).toHaveLength(1);
		const [message] = messages;
		expect(message.projects).toEqual(expected);
		expect(message.subject).toMatch(/^Reviews \d{1,2} \w{3} – \d{1,2} \w{3} \d{4}$/);
		const cafe = expected[1];
		expect(message.text).toContain(
			`Corner Café & Bar: 3 reviews, average ${cafe.averageScore!.toFixed(1)} stars, ${cafe.repliedPercent} % replied`,
		);
		expect(message.text).toContain('Quiet Shop: no new reviews');
		expect(message.html).toContain(
			`<tr><td>Corner Café &amp; Bar</td><td>3</td><td>${cafe.averageScore!.toFixed(1)}</td><td>${cafe.repliedPercent} %</td></tr>`,
		);
		expect(message.html).toContain('<tr><td>Quiet Shop</td><td>0</td><td>–</td><td>–</td></tr>');
		expect(message.html.match(/<tr><td>/g)).toHaveLength(projects.length);
		// No key in what the message carries.
		const json = JSON.stringify(message);
		for (const key of [app.sim.agencyKey, ...projects.map((p) => p.key)])
			expect(json).not.toContain(key);
	});
});
