/**
 * Errors that diagnose (issue 41 item 4): the failed execution n8n lists for a poll says the service's
 * answer, what the trigger was reading, for which project, and that nothing moved. Through n8n's engine
 * against the simulator; asserted on the text a user reads (the error's message and description).
 */
import type { INodeParameters } from 'n8n-workflow';

import { createPoller } from '../harness';
import { byId, useSimulator } from '../harness/simulator-env';
import { pollerFor } from '../harness/trigger-pollers';

const env = useSimulator();
const fast = { maxRetries: 0 };

async function failure(promise: Promise<unknown>) {
	const error = (await promise.then(
		() => undefined,
		(e: unknown) => e,
	)) as { message: string; description?: string } | undefined;
	expect(error).toBeInstanceOf(Error);
	if (process.env.SHOW_TEXT) console.log(`${error!.message}\n${error!.description}`);
	return { message: error!.message, description: String(error!.description ?? '') };
}

function agencyPoller(parameters: INodeParameters) {
	return createPoller({
		parameters: {
			event: 'newReview',
			authentication: 'agencyKey',
			requestOptions: fast,
			...parameters,
		},
		credentials: env.agencyCredentials(),
	});
}

describe('a poll that fails says why, where and what happens next', () => {
	it('One Project (project key), suspended: the service answer, its hint, the event, the credential, nothing moved', async () => {
		const poller = pollerFor(env, 'newReview', { requestOptions: fast });
		await poller.poll();
		const stored = JSON.stringify(poller.staticData());
		env.sim.setProjectSuspended(env.sim.defaultProject().id, true);

		const { message, description } = await failure(poller.poll());

		expect(message).toBe('The service answered 403: This project is suspended.');
		expect(description).toContain('it may be suspended. An agency can unsuspend it');
		expect(description).toMatch(
			/The poll of New Review was reading the reviews of the project of the credential "[^"]+"\. Nothing was marked as seen: the next poll reads from where the last successful poll ended, so no event is lost\./,
		);
		expect(JSON.stringify(poller.staticData())).toBe(stored);
	});

	it('One Project (agency key): the project is named by its id; Fetch Test Event says so too', async () => {
		const project = env.sim.createProject('Client');
		const poller = agencyPoller({ event: 'newMessage', projectId: byId(project.id) });
		await poller.poll();
		env.sim.setProjectSuspended(project.id, true);

		const polled = await failure(poller.poll());
		expect(polled.description).toContain(
			`The poll of New Message was reading the messages of project ${project.id}. Nothing was marked as seen`,
		);
		const fetched = await failure(poller.poll('manual'));
		expect(fetched.message).toBe('The service answered 403: This project is suspended.');
		expect(fetched.description).toContain(
			`Fetch Test Event of New Message was reading the messages of project ${project.id}.`,
		);
		expect(fetched.description).not.toContain('Nothing was marked as seen');
	});

	it('a refused key in Fetch Test Event: the credential to check, the event, never the key', async () => {
		const poller = createPoller({
			parameters: { event: 'newReview', requestOptions: fast },
			credentials: env.projectCredentials('rc_wrong_key_123'),
		});
		const { message, description } = await failure(poller.poll('manual'));
		expect(message).toMatch(/^The service answered 401: /);
		expect(description).toMatch(
			/Check the "[^"]+" credential: its API key is wrong, was rotated or belongs to another project\. Fetch Test Event of New Review was reading the reviews of the project of the credential "[^"]+"\.$/,
		);
		expect(`${message} ${description}`).not.toContain('rc_wrong_key_123');
	});

	it('a list answer it cannot use: the problem, the project, and no second "nothing moved"', async () => {
		const poller = pollerFor(env, 'newReview', { requestOptions: fast });
		await poller.poll();
		env.sim.injectFault({
			fault: { kind: 'status', status: 200, body: { success: true, data: [] } },
			path: '/project/reviews',
			method: 'GET',
		});
		const { message, description } = await failure(poller.poll());
		expect(message).toBe('The list answer cannot be used: the answer has no "pagination" object');
		expect(description).toContain(
			"The service's answer does not page as the spec describes (the page parameter `page`, the answer's `pagination`), so the trigger cannot follow the list. Check that the credential's Base URL is the Review Collection API",
		);
		expect(description).toContain('The poll of New Review was reading the reviews of the project');
		expect(description.match(/Nothing was marked as seen/g)).toHaveLength(1);
	});

	it('All Projects, every project failing: one error, causes grouped with their projects, bounded', async () => {
		const home = env.sim.defaultProject();
		const clients = Array.from({ length: 59 }, (_, i) => env.sim.createProject(`Client ${i}`));
		const poller = agencyPoller({
			projectScope: 'all',
			requestOptions: { ...fast, concurrency: 8 },
		});
		await poller.poll();
		for (const project of [home, ...clients]) env.sim.setProjectSuspended(project.id, true);

		const { message, description } = await failure(poller.poll());

		expect(message).toBe(
			`Every project failed to be read (all 60 of the agency): project ${home.id} (${home.name}): The service answered 403: This project is suspended.`,
		);
		expect(description).toContain(
			`60 projects (project ${home.id} (${home.name}), project ${clients[0].id} (Client 0), project ${clients[1].id} (Client 1) and 57 more): The service answered 403: This project is suspended. The project is not allowed to do this: it may be suspended.`,
		);
		expect(description).toContain(
			"The poll of New Review was reading the reviews of the agency's projects.",
		);
		expect(description.length).toBeLessThan(1_500);
	});
});
