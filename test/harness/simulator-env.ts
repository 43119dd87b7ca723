import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import type { RunNodeOptions, RunNodeResult } from '.';
import { runNode } from '.';
import type { LoggedRequest } from '../simulator';
import { ApiSimulator } from '../simulator';

/**
 * One simulator per test file, reset to its seed before every test, plus shortcuts to run the action
 * node against it with the project or the agency credential.
 */
export interface SimulatorEnv {
	readonly sim: ApiSimulator;
	projectCredentials(key?: string): Record<string, ICredentialDataDecryptedObject>;
	agencyCredentials(key?: string): Record<string, ICredentialDataDecryptedObject>;
	/** Runs the action node with the project credential (and the agency one, for `authentication: agencyKey`). */
	run(parameters: INodeParameters, options?: Partial<RunNodeOptions>): Promise<RunNodeResult>;
	/** Requests the simulator received since the last reset, except the share-image file downloads. */
	requests(method?: string, pathPrefix?: string): LoggedRequest[];
}

export function useSimulator(): SimulatorEnv {
	let sim: ApiSimulator | undefined;
	beforeAll(async () => {
		sim = await ApiSimulator.start();
	});
	afterAll(async () => {
		await sim?.stop();
	});
	beforeEach(() => sim?.reset());

	const env: SimulatorEnv = {
		get sim() {
			if (!sim) throw new Error('simulator not started');
			return sim;
		},
		projectCredentials(key) {
			return {
				reviewCollectionProjectApi: {
					baseUrl: `${env.sim.baseUrl}/`,
					apiKey: key ?? env.sim.defaultProject().key,
				},
			};
		},
		agencyCredentials(key) {
			return {
				reviewCollectionAgencyApi: { baseUrl: env.sim.baseUrl, apiKey: key ?? env.sim.agencyKey },
			};
		},
		async run(parameters, options = {}) {
			return await runNode({
				credentials: { ...env.projectCredentials(), ...env.agencyCredentials() },
				...options,
				parameters,
			});
		},
		requests(method, pathPrefix) {
			return env.sim.requests.filter(
				(request) =>
					(!method || request.method === method) &&
					(!pathPrefix || request.path.startsWith(pathPrefix)),
			);
		},
	};
	return env;
}

/** The Bearer token a request carried. */
export function bearerOf(request: LoggedRequest): string | undefined {
	return request.authorization?.replace(/^Bearer\s+/i, '');
}

/** A resource locator value in "By ID" mode. */
export function byId(id: number | string) {
	return { __rl: true, mode: 'id', value: String(id) };
}
