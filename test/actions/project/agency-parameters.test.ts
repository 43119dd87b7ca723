import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ReviewCollection } from '../../../nodes/ReviewCollection/ReviewCollection.node';
import { useSimulator } from '../../harness/simulator-env';

const node = new ReviewCollection();
const { description } = node;
const properties = description.properties;

function operationsOf(resource: string): string[] {
	const selector = properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
	) as INodeProperties;
	return (selector.options as Array<{ value: string }>).map((option) => option.value);
}

/** The parameters the editor shows for these choices (defaults filled in, hidden ones included). */
function shown(values: INodeParameters): INodeProperties[] {
	const resolved = NodeHelpers.getNodeParameters(
		properties,
		values,
		true,
		false,
		{ typeVersion: 1 },
		description,
	)!;
	return properties.filter((p) =>
		NodeHelpers.displayParameter(resolved, p, { typeVersion: 1 }, description, resolved),
	);
}

const PROJECT_OPERATIONS = [
	'create',
	'delete',
	'duplicate',
	'getAll',
	'getKey',
	'rotateKey',
	'suspend',
	'unsuspend',
	'updateOverrides',
];
const CLIENT_OPERATIONS = ['create', 'delete', 'getAll', 'resendInvite', 'update'];

describe('agency resources in the editor', () => {
	it('offer the operations of the contract', () => {
		expect(operationsOf('project').sort()).toEqual(PROJECT_OPERATIONS);
		expect(operationsOf('client').sort()).toEqual(CLIENT_OPERATIONS);
	});

	it.each(PROJECT_OPERATIONS)(
		'project → %s shows at most one Project field, and only where it acts on one',
		(operation) => {
			const visible = shown({ resource: 'project', operation }).filter(
				(p) => p.name === 'projectId',
			);
			const expected = ['create', 'getAll'].includes(operation) ? 0 : 1;
			expect(visible).toHaveLength(expected);
			if (expected) expect(visible[0].modes?.map((m) => m.name)).toEqual(['list', 'id']);
		},
	);

	it.each(CLIENT_OPERATIONS)('client → %s never shows a Project locator', (operation) => {
		expect(
			shown({ resource: 'client', operation }).filter((p) => p.name === 'projectId'),
		).toHaveLength(0);
	});

	it('a project-area resource with the agency key shows exactly one Project field', () => {
		const visible = shown({ resource: 'review', operation: 'getAll', authentication: 'agencyKey' });
		expect(visible.filter((p) => p.name === 'projectId')).toHaveLength(1);
	});

	it.each(['project', 'client'])('%s signs with the agency credential', (resource) => {
		const resolved = NodeHelpers.getNodeParameters(
			properties,
			{ resource },
			true,
			false,
			{ typeVersion: 1 },
			description,
		)!;
		// No authentication choice for the agency resources: only the agency credential is offered.
		expect(resolved.authentication).toBeUndefined();
		const credentials = description.credentials!.filter((c) =>
			NodeHelpers.displayParameter(resolved, c, { typeVersion: 1 }, description, resolved),
		);
		expect(credentials.map((c) => c.name)).toEqual(['reviewCollectionAgencyApi']);
	});

	it.each([
		['projectKey', 'reviewCollectionProjectApi'],
		['agencyKey', 'reviewCollectionAgencyApi'],
	])('a project-area resource with %s offers only %s', (authentication, credential) => {
		const values =
			authentication === 'projectKey'
				? { resource: 'review' }
				: { resource: 'review', authentication };
		const resolved = NodeHelpers.getNodeParameters(
			properties,
			values,
			true,
			false,
			{ typeVersion: 1 },
			description,
		)!;
		const credentials = description.credentials!.filter((c) =>
			NodeHelpers.displayParameter(resolved, c, { typeVersion: 1 }, description, resolved),
		);
		expect(credentials.map((c) => c.name)).toEqual([credential]);
	});

	it('client locators search the clients', () => {
		const [clientId] = shown({ resource: 'client', operation: 'update' }).filter(
			(p) => p.name === 'clientId',
		);
		expect(clientId.modes?.[0].typeOptions?.searchListMethod).toBe('searchClients');
	});
});

describe('saved workflows of the earlier design', () => {
	const env = useSimulator();

	// The earlier panel could store `authentication: projectKey` on a project node (its hidden twin kept
	// the value of the review node it was switched from). The agency resources have no such choice now.
	it('a project node that still holds authentication: projectKey runs with the agency credential', async () => {
		const { items, error } = await env.run(
			{
				resource: 'project',
				operation: 'getAll',
				authentication: 'projectKey',
				returnAll: false,
				limit: 1,
			},
			{ credentials: env.agencyCredentials() },
		);

		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(env.requests().map((r) => r.path)).toEqual(['/agency/projects']);
	});
});
