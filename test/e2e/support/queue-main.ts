/** Starting the main of a queue stack (scripts/e2e/queue-stack/) and waiting for its published workflows. */
import { until } from './waits';

const n8n = require('../../../scripts/n8n/n8n-app');

type Json = Record<string, any>;

/** Starts the main, signs in (sets up the owner the first time) and waits until every workflow is published. */
export async function startMain(
	stack: Json,
	workflowIds: string[],
	first: boolean,
): Promise<string> {
	await stack.startMain();
	const { cookie } = first ? await n8n.setupOwner(stack.main) : await n8n.login(stack.main);
	for (const id of workflowIds) {
		await until(`workflow ${id} published`, async () => {
			const r = await n8n.request(stack.main, 'GET', `/rest/workflows/${id}/publication-status`, {
				cookie,
			});
			return r.body?.data?.status === 'published';
		});
	}
	return cookie;
}
