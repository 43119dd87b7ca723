/**
 * The probe's client in n8n: GET requests through the node's credential (the project key, or the agency
 * key standing in for the chosen project), with the transport's retries and time-outs. A made-up key is a
 * credential of the same type with that key, so no key is ever set by hand. Every key it may meet is
 * collected, for the output to blank out.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { AGENCY_API, PROJECT_API } from '../../../../credentials/names';
import { apiRequestForKey } from '../../transport';
import type { ResolvedCredential } from '../../transport/credentials';
import {
	AGENCY_CREDENTIAL,
	normalizeBaseUrl,
	PROJECT_CREDENTIAL,
	resolveCredential,
} from '../../transport/credentials';
import { settingsOf } from '../../transport/request';
import { send } from '../../transport/send';
import type { ActionExecution } from '../execution';
import type { KeyRole, ProbeAnswer, ProbeClient } from './probe/context';
import { NEVER_ISSUED } from './probe/context';

export interface ServiceClient extends ProbeClient {
	/** The keys to blank out of every text (read as the requests went). */
	secrets: string[];
	/** GET requests sent so far. */
	sent: number;
}

const METHOD = 'GET';

/** Authentication "Agency Key": the agency rows can be checked too. */
export function withAgencyKey(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return ctx.getNodeParameter('authentication', itemIndex, 'projectKey') === 'agencyKey';
}

export async function serviceClient(
	ctx: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
): Promise<ServiceClient> {
	const withAgency =
		ctx.getNodeParameter('authentication', itemIndex, 'projectKey') === 'agencyKey';
	const secrets: string[] = [];
	const keep = (key: unknown) => {
		if (typeof key === 'string' && key !== '') secrets.push(key);
	};
	const agency = withAgency ? await ctx.getCredentials(AGENCY_CREDENTIAL, itemIndex) : undefined;
	if (agency) keep(agency.apiKey);
	else keep((await ctx.getCredentials(PROJECT_CREDENTIAL, itemIndex)).apiKey);

	const credentials = new Map<KeyRole, Promise<ResolvedCredential>>();
	const credentialFor = async (role: KeyRole): Promise<ResolvedCredential> => {
		const area = role === 'agency' || role === 'made-up agency' ? 'agency' : 'project';
		const real = await resolveCredential(
			ctx,
			execution,
			area,
			itemIndex,
			async (projectId) =>
				await apiRequestForKey(ctx, {
					method: METHOD,
					path: `/agency/projects/${projectId}/key`,
					itemIndex,
					execution,
				}),
		);
		// The project key read with the agency key (maybe earlier in this execution) is a secret too.
		keep(real.credentialsDecrypted?.data?.apiKey);
		if (!role.startsWith('made-up')) return real;
		const type = area === 'agency' ? AGENCY_CREDENTIAL : PROJECT_CREDENTIAL;
		return {
			type,
			displayName: area === 'agency' ? AGENCY_API.displayName : PROJECT_API.displayName,
			baseUrl: real.baseUrl,
			credentialsDecrypted: {
				id: `probe-made-up-${area}`,
				name: 'A made-up key',
				type,
				data: { baseUrl: normalizeBaseUrl(real.baseUrl), apiKey: NEVER_ISSUED },
			},
		};
	};

	const client: ServiceClient = {
		secrets,
		sent: 0,
		hasAgencyKey: agency !== undefined,
		agencyKeyHint:
			'the agency rows need the agency key: choose Authentication "Agency Key" to check them too',
		async get(path, query, role): Promise<ProbeAnswer> {
			let credential = credentials.get(role);
			if (!credential) {
				credential = credentialFor(role);
				credentials.set(role, credential);
			}
			const settings = settingsOf(ctx, itemIndex, execution);
			client.sent++;
			try {
				const response = await send(
					ctx,
					await credential,
					{ method: METHOD, path, qs: query, itemIndex },
					settings,
					execution,
				);
				const body: unknown = response.body;
				return {
					status: response.statusCode,
					body,
					json: typeof body === 'object' && body !== null,
				};
			} catch (error) {
				return { status: 0, body: undefined, json: false, error: (error as Error).message };
			}
		},
	};
	return client;
}
