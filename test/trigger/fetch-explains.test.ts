/**
 * Fetch Test Event with nothing matching (contract §11, issue 41): n8n's message stays, the description
 * says per project what was read, what each filter excluded, what could not be read and any guess the
 * service refused. Through n8n's engine (PollContext, mode 'manual') against the simulator; asserted on
 * the text a user reads in the output panel (the error's message and description).
 */
import type { INodeParameters } from 'n8n-workflow';

import { createPoller } from '../harness';
import { byId, useSimulator } from '../harness/simulator-env';
import type { SimProject } from '../simulator';

const env = useSimulator();
const fast = { maxRetries: 0 };
const NO_DATA = 'No data with the current filter could be found';

/** One Project (agency key) on a project of its own: only the records a test adds. */
function onePoller(project: SimProject, parameters: INodeParameters = {}) {
	return createPoller({
		parameters: {
			event: 'newReview',
			authentication: 'agencyKey',
			projectId: byId(project.id),
			requestOptions: fast,
			...parameters,
		},
		credentials: env.agencyCredentials(),
	});
}

function allPoller(parameters: INodeParameters = {}) {
	return createPoller({
		parameters: {
			event: 'newReview',
			authentication: 'agencyKey',
			projectScope: 'all',
			requestOptions: { ...fast, concurrency: 16 },
			...parameters,
		},
		credentials: env.agencyCredentials(),
	});
}

/** What the user reads: the error's message and description. */
async function fetchError(poller: ReturnType<typeof createPoller>) {
	const error = (await poller.poll('manual').catch((e: unknown) => e)) as {
		message: string;
		description?: string;
	};
	expect(error).toBeInstanceOf(Error);
	if (process.env.SHOW_TEXT) console.log(`${error.message}\n${error.description}`);
	return { message: error.message, description: String(error.description ?? '') };
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
const newestOf = (project: SimProject) => project.reviews.items.at(-1)!;

describe('Fetch Test Event explains why nothing matched', () => {
	it('filters that exclude everything: each filter, how many it excluded, the newest excluded value', async () => {
		const project = env.sim.createProject('Bakery');
		env.sim.addReviews(project.id, 12, { score: 3, source_slug: 'facebook' });
		const newest = newestOf(project);

		const { message, description } = await fetchError(
			onePoller(project, { filters: { score: 5, source: 'google' } }),
		);

		expect(message).toBe(NO_DATA);
		expect(description).toContain(
			`Read the 12 newest reviews; the newest (id ${newest.id}) created at ${iso(newest.created_at)}.`,
		);
		expect(description).toContain(
			'Score 5: 12 of the 12 newest reviews excluded, the newest scored 3.',
		);
		expect(description).toContain(
			'Source google: 12 of the 12 newest reviews excluded, the newest came from facebook.',
		);
		expect(description).toContain('Make a matching event happen once, or loosen the filters.');
		expect(description).not.toContain(project.key);
	});

	it('an empty project, and a filter that excludes only some: the counts say which', async () => {
		const empty = env.sim.createProject('Empty');
		expect((await fetchError(onePoller(empty, { filters: { score: 5 } }))).description).toContain(
			'It has no reviews.',
		);
		const project = env.sim.createProject('Mixed');
		env.sim.addReviews(project.id, 3, { score: 5, source_slug: 'facebook' });
		env.sim.addReviews(project.id, 2, { score: 4, source_slug: 'google' });
		const { description } = await fetchError(
			onePoller(project, { filters: { score: 5, source: 'google' } }),
		);
		expect(description).toContain(
			'Score 5: 2 of the 5 newest reviews excluded, the newest scored 4.',
		);
		expect(description).toContain(
			'Source google: 3 of the 5 newest reviews excluded, the newest came from facebook.',
		);
	});

	it("an event's own rule: Review Unanswered says which reviews have a reply and which are not due yet", async () => {
		const project = env.sim.createProject('Replies');
		const now = env.sim.now();
		env.sim.addReviews(project.id, 2, {
			score: 4,
			created_at: now - 3 * 86_400,
			replied_at: now - 86_400,
		});
		env.sim.addReviews(project.id, 1, { score: 4, created_at: now - 3_600 });
		const { description } = await fetchError(
			onePoller(project, { event: 'reviewUnanswered', unansweredHours: 24 }),
		);
		expect(description).toContain('Read the 3 newest reviews');
		expect(description).toMatch(
			/Hours Without Reply 24: 3 of the 3 newest reviews excluded, the newest is not due until \d{4}-/,
		);
	});

	it('a filter only the service can test (the customer Tag), and an event whose moment has not happened', async () => {
		const project = env.sim.createProject('Customers');
		env.sim.addCustomer(project.id, { first_name: 'Dana', email: 'dana@example.com' });
		const tagged = await fetchError(
			onePoller(project, { event: 'newCustomer', filters: { tag: 'vip' } }),
		);
		expect(tagged.description).toContain('Read 1 customer (id ');
		expect(tagged.description).toContain('Tag vip: the service lists no customer with it.');

		env.sim.addMessages(project.id, 3);
		const delivered = await fetchError(onePoller(project, { event: 'messageDelivered' }));
		expect(delivered.description).toContain('No message has been delivered yet.');
	});

	it('a suspended project and one whose reviews the filter excludes (All Projects): each says why', async () => {
		const home = env.sim.defaultProject();
		const filtered = env.sim.createProject('Filtered client');
		env.sim.addReviews(filtered.id, 4, { score: 2 });
		const suspended = env.sim.createProject('Suspended client');
		env.sim.addReviews(suspended.id, 4, { score: 5 });
		env.sim.setProjectSuspended(suspended.id, true);

		const { message, description } = await fetchError(allPoller({ filters: { score: 1 } }));

		expect(message).toBe(NO_DATA);
		const projects = env.sim.state.projects.length;
		expect(description).toContain(
			`Nothing matched in any of the ${projects} projects of the agency.`,
		);
		expect(description).toContain(
			`Project ${suspended.id} (Suspended client): cannot be read: The service answered 403: This project is suspended.`,
		);
		expect(description).toContain('it may be suspended. An agency can unsuspend it');
		expect(description).toContain(
			`Project ${filtered.id} (Filtered client): read the 4 newest reviews`,
		);
		expect(description).toContain(
			'Score 1: 4 of the 4 newest reviews excluded, the newest scored 2',
		);
		expect(description).toContain(`Project ${home.id} (${home.name}): read the 4 newest reviews`);
		// The suspended project's reviews (score 5) would match another filter: a match anywhere is shown.
		env.sim.setProjectSuspended(suspended.id, false);
		const [[item]] = (await allPoller({ filters: { score: 5 } }).poll('manual'))!;
		expect(item.json.project).toEqual({ id: suspended.id, name: 'Suspended client' });
	});

	it('a refused guess: the duplicate facet the service takes under no tried value', async () => {
		env.sim.setDialect('strict-25');
		const project = env.sim.createProject('Strict');
		env.sim.addReviews(project.id, 2, { score: 3 });

		const { description } = await fetchError(onePoller(project, { filters: { score: 5 } }));

		expect(description).toContain(
			'Score 5: 2 of the 2 newest reviews excluded, the newest scored 3.',
		);
		expect(description).toMatch(
			/The service took no value tried for the duplicate facet \(facet=duplicate: refused \(The service answered 422: [^)]*\); facet=duplicates: refused \(The service answered 422: [^)]*\)\): reviews flagged as duplicates, which never fire, were not looked for\./,
		);
	});

	it('a refused guess: a filter the service refuses is tested by the trigger on the list read without it', async () => {
		const project = env.sim.createProject('Sources');
		env.sim.addReviews(project.id, 3, { score: 5, source_slug: 'google' });

		const { description } = await fetchError(onePoller(project, { filters: { source: 'yelp' } }));

		expect(description).toMatch(
			/The service refused the filters as query parameters \(The service answered 404: [^)]*\): read without them, each record tested by the trigger as an active poll does\./,
		);
		expect(description).toContain(
			'Source yelp: 3 of the 3 newest reviews excluded, the newest came from google.',
		);
		// Filters it refuses that the trigger can test: read without them, a record that passes is shown.
		env.sim.injectFault({
			fault: { kind: 'status', status: 422 },
			path: '/project/reviews',
			method: 'GET',
		});
		const [[item]] = (await onePoller(project, { filters: { source: 'google' } }).poll('manual'))!;
		expect(item.json.id).toBe(newestOf(project).id);
		const [refused, unfiltered] = env.requests('GET', '/project/reviews').slice(-2);
		expect(refused.query).toMatchObject({ source: 'google' });
		expect(unfiltered.query).not.toHaveProperty('source');
	});

	it('a duplicate newer than every listed review is named: duplicates never fire', async () => {
		const project = env.sim.createProject('Dupes');
		env.sim.addReviews(project.id, 1, { score: 3 });
		env.sim.addReviews(project.id, 1, { score: 5, is_duplicate: true });
		const { description } = await fetchError(onePoller(project, { filters: { score: 5 } }));
		expect(description).toContain(`Score 5 excludes it (it scored 3).`);
		expect(description).toContain(
			`The newest review (id ${newestOf(project).id}) is flagged as a duplicate: duplicates are not listed and never fire.`,
		);
	});

	it('500 projects: the projects that decide it in full, the rest counted, the text bounded', async () => {
		for (let i = 0; i < 499; i++) {
			const project = env.sim.createProject(`Client ${i}`);
			if (i % 5 === 0) env.sim.addReviews(project.id, 2, { score: 2 });
		}
		const late = env.sim.createProject('Newest client');
		env.sim.addReviews(late.id, 1, { score: 4, created_at: env.sim.now() + 60 });
		const suspended = env.sim.createProject('Suspended client');
		env.sim.setProjectSuspended(suspended.id, true);
		const projects = env.sim.state.projects.length;
		expect(projects).toBeGreaterThanOrEqual(500);

		const { description } = await fetchError(allPoller({ filters: { score: 1 } }));

		expect(description.length).toBeLessThan(4_000);
		expect(description).toContain(
			`Nothing matched in any of the ${projects} projects of the agency.`,
		);
		expect(description.split('\n')[1]).toMatch(
			new RegExp(`^Project ${suspended.id} \\(Suspended client\\): cannot be read`),
		);
		expect(description.split('\n')[2]).toMatch(
			new RegExp(
				`^Project ${late.id} \\(Newest client\\): read 1 review \\(id \\d+\\), created at `,
			),
		);
		expect(description).toMatch(
			new RegExp(
				`The other ${projects - 8} projects: \\d+ have reviews, every one excluded \\(Score 1: \\d+ reviews\\); \\d+ have no reviews that count\\.`,
			),
		);
	}, 120_000);
});
