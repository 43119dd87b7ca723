import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties } from 'n8n-workflow';

import { operationsByResource } from '../../nodes/ReviewCollection/actions/resources';
import { defaultRegistry } from '../harness';
import { rows } from '../harness/contract-table';
import { shownParameters } from '../harness/shown-parameters';

const node = () =>
	defaultRegistry().nodeTypes.getByNameAndVersion(
		'n8n-nodes-review-collection.reviewCollection',
		1,
	);

describe('node contract §3', () => {
	const operations = rows.flatMap((row) =>
		row.operations.map((operation) => ({ ...row, operation })),
	);

	it('lists the operations of the spec, and the node has exactly those', () => {
		expect(operations.length).toBeGreaterThan(0);
		const implemented = Object.entries(operationsByResource).flatMap(([resource, ops]) =>
			Object.keys(ops).map((operation) => `${resource}.${operation}`),
		);
		expect(implemented.sort()).toEqual(
			operations.map((row) => `${row.resource}.${row.operation}`).sort(),
		);
	});

	it.each(operations.map((row) => [`${row.resource}.${row.operation}`, row] as const))(
		'%s has its parameters and collection fields',
		(_name, row) => {
			const description = node().description;
			const shown = shownParameters(description, {
				resource: row.resource,
				operation: row.operation,
			});
			for (const name of row.topLevel)
				expect({ name, shown: shown.has(name) }).toEqual({ name, shown: true });
			for (const { name, fields } of row.collections) {
				const collection = shown.get(name);
				expect({ name, type: collection?.type }).toEqual({ name, type: 'collection' });
				const names = (collection?.options ?? []).map((option) => (option as INodeProperties).name);
				for (const field of fields)
					expect({ collection: name, field, present: names.includes(field) }).toEqual({
						collection: name,
						field,
						present: true,
					});
			}
			if (row.resource === 'project' || row.resource === 'client') {
				expect(shown.has('projectId') ? row.topLevel.includes('projectId') : true).toBe(true);
			} else if (row.operation === 'explainTrigger') {
				// n8n's API only (§11): no Review Collection sign-in.
				expect(shown.has('authentication')).toBe(false);
			} else {
				expect(
					shown
						.get('authentication')
						?.options?.map((option) => (option as { value: string }).value),
				).toEqual(['projectKey', 'agencyKey']);
			}
			for (const name of row.topLevel.filter((parameter) => parameter.endsWith('Id'))) {
				expect({ name, type: shown.get(name)?.type }).toEqual({ name, type: 'resourceLocator' });
			}
		},
	);

	it('offers "From list" on every locator the contract names', () => {
		const description = node().description;
		const listed = new Set<string>();
		for (const property of description.properties) {
			if (
				property.type === 'resourceLocator' &&
				property.modes?.some((mode) => mode.name === 'list')
			)
				listed.add(property.name);
		}
		for (const name of ['projectId', 'clientId', 'reviewId', 'customerId', 'sourceId'])
			expect(listed.has(name)).toBe(true);
	});
});

describe('node contract §1, §2, §4', () => {
	it('names the nodes, credentials and trigger events as the contract does', () => {
		const registry = defaultRegistry();
		const action = node().description;
		expect([action.name, action.displayName, action.version, action.usableAsTool]).toEqual([
			'reviewCollection',
			'Review Collection',
			1,
			true,
		]);
		const trigger = registry.nodeTypes.getByNameAndVersion(
			'n8n-nodes-review-collection.reviewCollectionTrigger',
			1,
		).description;
		expect([trigger.name, trigger.displayName, trigger.polling]).toEqual([
			'reviewCollectionTrigger',
			'Review Collection Trigger',
			true,
		]);
		const event = trigger.properties.find((property) => property.name === 'event');
		const reviews = ['source', 'location', 'score', 'tag'];
		const messages = ['channel', 'template'];
		const eventFilters = [
			['newReview', reviews],
			['reviewReplied', reviews],
			['reviewUnanswered', reviews],
			['newMessage', messages],
			['messageDelivered', messages],
			['messageOpened', messages],
			['messageClicked', messages],
			['messageFailed', messages],
			['newCustomer', ['tag']],
			['customerUnsubscribed', ['tag']],
		] as const;
		// §4 and §7: the events, their filters, projectScope (agency key only) and simplify.
		expect(event?.options?.map((option) => (option as { value: string }).value)).toEqual(
			eventFilters.map(([name]) => name),
		);
		const scope = trigger.properties.find((property) => property.name === 'projectScope');
		expect([
			scope?.default,
			scope?.options?.map((option) => (option as { value: string }).value),
		]).toEqual(['one', ['one', 'all']]);
		expect(shownParameters(trigger, { authentication: 'projectKey' }).has('projectScope')).toBe(
			false,
		);
		expect(shownParameters(trigger, { authentication: 'agencyKey' }).has('projectScope')).toBe(
			true,
		);
		for (const [eventName, filters] of eventFilters) {
			expect(shownParameters(trigger, { event: eventName }).get('simplify')).toMatchObject({
				type: 'boolean',
				default: false,
				displayName: 'Simplify',
			});
			const shown = shownParameters(trigger, { event: eventName });
			const names = (shown.get('filters')?.options ?? []).map(
				(option) => (option as INodeProperties).name,
			);
			expect(names.sort()).toEqual([...filters].sort());
		}
		// §8: unansweredHours (1–720, default 24), shown only for Review Unanswered.
		for (const [eventName] of eventFilters) {
			const hours = shownParameters(trigger, { event: eventName }).get('unansweredHours');
			if (eventName !== 'reviewUnanswered') expect(hours).toBeUndefined();
			else
				expect(hours).toMatchObject({
					type: 'number',
					default: 24,
					typeOptions: { minValue: 1, maxValue: 720 },
				});
		}
		for (const [name, test] of [
			['reviewCollectionAgencyApi', '/agency/projects'],
			['reviewCollectionProjectApi', '/project/sources'],
		]) {
			const credential = registry.credentialTypes.getByName(name);
			expect(credential.properties.map((property) => property.name)).toEqual(['baseUrl', 'apiKey']);
			expect(credential.properties[1].typeOptions?.password).toBe(true);
			expect(credential.test?.request.url).toBe(test);
		}
		const manifest = JSON.parse(
			fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8'),
		);
		expect([
			manifest.name,
			manifest.keywords.includes('n8n-community-node-package'),
			manifest.dependencies,
		]).toEqual(['n8n-nodes-review-collection', true, undefined]);
	});
});
