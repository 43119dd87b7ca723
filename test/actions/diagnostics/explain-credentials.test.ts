/**
 * Contract §11: Explain Trigger takes n8n's own API credential (`n8nApi`) and nothing else; no other
 * operation offers it. Read as n8n's editor reads a node's credentials (NodeHelpers.displayParameter on
 * the resolved parameters).
 */
import type { INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { operationsByResource } from '../../../nodes/ReviewCollection/actions/resources';
import { ReviewCollection } from '../../../nodes/ReviewCollection/ReviewCollection.node';

const { description } = new ReviewCollection();

function offered(values: INodeParameters): string[] {
	const resolved = NodeHelpers.getNodeParameters(
		description.properties,
		values,
		true,
		false,
		{ typeVersion: 1 },
		description,
	)!;
	return description
		.credentials!.filter((credential) =>
			NodeHelpers.displayParameter(resolved, credential, { typeVersion: 1 }, description, resolved),
		)
		.map(({ name }) => name);
}

const others = Object.entries(operationsByResource).flatMap(([resource, operations]) =>
	Object.keys(operations)
		.filter((operation) => operation !== 'explainTrigger')
		.flatMap((operation) =>
			['projectKey', 'agencyKey'].map((authentication) => ({
				resource,
				operation,
				authentication,
			})),
		),
);

describe('the n8n API credential', () => {
	it('Explain Trigger offers n8n’s own API credential only', () => {
		expect(offered({ resource: 'diagnostics', operation: 'explainTrigger' })).toEqual(['n8nApi']);
	});

	it.each(
		others.map(
			(values) =>
				[`${values.resource}.${values.operation} (${values.authentication})`, values] as const,
		),
	)('%s does not offer it', (_name, values) => {
		const names = offered(values);
		expect(names).not.toContain('n8nApi');
		expect(names.length).toBeGreaterThan(0);
	});
});
