/** Shared steps of the defect tests (issue 29, 32): the service's API called as a user would. */
import type { SimulatorEnv } from '../../harness/simulator-env';

/** One call to the simulator's API with the default project's key (or `key`); its JSON answer. */
export async function api(
	env: SimulatorEnv,
	method: string,
	path: string,
	body?: unknown,
	key: string = env.sim.defaultProject().key,
): Promise<{ data?: { id: number } }> {
	const response = await fetch(`${env.sim.baseUrl}${path}`, {
		method,
		headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status}`);
	return (await response.json().catch(() => ({}))) as { data?: { id: number } };
}

/** The trigger's parameters for All Projects with the agency key, failing fast (no retries). */
export const ALL_PROJECTS = {
	authentication: 'agencyKey',
	projectScope: 'all',
	requestOptions: { maxRetries: 0 },
};
