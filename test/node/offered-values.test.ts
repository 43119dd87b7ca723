/**
 * Contract §10, "Options offered are the spec's" (issue 35, defect 5): every value the action node's
 * editor offers in a list is one the spec names (or a value of the contract: resources, operations,
 * authentication); anything else the user types, and the help never suggests an unpublished value as
 * if it were known. The allowed values below are read from the spec (../shared/spec, section noted),
 * not from the node.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationsByResource } from '../../nodes/ReviewCollection/actions/resources';
import { defaultRegistry } from '../harness';
import { shownParameters } from '../harness/shown-parameters';

const description = defaultRegistry().nodeTypes.getByNameAndVersion(
	'n8n-nodes-review-collection.reviewCollection',
	1,
).description;

/** Spec 2.3: a review's datetime columns, and its attributes (integers and datetimes) that sort. */
const REVIEW_DATETIMES = ['created_at', 'replied_at'];
const REVIEW_ATTRIBUTES = ['id', 'score', 'replied_at', 'created_at'];
/** Spec 2.5: a customer's datetime columns and fields. */
const CUSTOMER_DATETIMES = [
	'signed_up_at',
	'first_charged_at',
	'last_charged_at',
	'first_asked_at',
	'last_asked_at',
	'first_messaged_at',
	'last_messaged_at',
	'first_reviewed_at',
	'last_reviewed_at',
	'unsubscribed_at',
	'archived_at',
	'created_at',
	'updated_at',
];
const CUSTOMER_FIELDS = ['id', 'name', 'first_name', 'last_name', 'email', 'company'];
/** Spec 2.8: a message's timestamps. */
const MESSAGE_DATETIMES = [
	'scheduled_at',
	'processed_at',
	'sent_at',
	'delivered_at',
	'opened_at',
	'clicked_at',
	'failed_at',
	'complained_at',
	'canceled_at',
	'halted_at',
	'created_at',
	'updated_at',
];

/** What a list parameter may offer, by resource.operation and the parameter's path. */
const ALLOWED: Record<string, string[]> = {
	'review.getAll filters.dateKey': REVIEW_DATETIMES,
	'review.getAll options.sortKey': REVIEW_ATTRIBUTES,
	'review.getAll filters.score': ['1', '2', '3', '4', '5'], // 2.3: "rating, 1 to 5"
	'review.getAll options.sortDirection': ['asc', 'desc'], // 4.3: "default `desc`"
	'customer.getAll filters.dateKey': CUSTOMER_DATETIMES,
	'customer.getAll options.sortKey': [...CUSTOMER_FIELDS, ...CUSTOMER_DATETIMES],
	'customer.getAll options.sortDirection': ['asc', 'desc'], // 4.4: "(`asc` or `desc`)"
	'message.getAll filters.dateKey': MESSAGE_DATETIMES,
	'message.getAll options.sortKey': MESSAGE_DATETIMES, // 4.8: "a sort field (a message timestamp)"
	'message.getAll options.sortDirection': ['asc', 'desc'], // 4.8: "(`asc` or `desc`)"
	'message.getAll filters.channel': ['email', 'sms'], // 2.8: "`email` or `sms`"
	'ask.create channels': ['email', 'sms'], // 4.9: "values `email`, `sms`"
};
/** The contract's own values (docs/contract.md): the selectors. */
const CONTRACT_SELECTORS = ['resource', 'operation', 'authentication'];

function listsOf(properties: INodeProperties[], prefix = ''): Array<[string, string[]]> {
	return properties.flatMap((property) => {
		const path = `${prefix}${property.name}`;
		if (property.type === 'options' || property.type === 'multiOptions')
			return [
				[path, (property.options as INodePropertyOptions[]).map((o) => String(o.value))],
			] as Array<[string, string[]]>;
		if (property.type === 'collection')
			return listsOf((property.options ?? []) as INodeProperties[], `${path}.`);
		return [];
	});
}

const operations = Object.entries(operationsByResource).flatMap(([resource, ops]) =>
	Object.keys(ops).map((operation) => [resource, operation]),
);

describe('the action node offers only values the spec names', () => {
	it.each(operations)('%s.%s', (resource, operation) => {
		const shown = shownParameters(description, {
			resource,
			operation,
			authentication: 'projectKey',
		});
		for (const [path, values] of listsOf([...shown.values()])) {
			if (CONTRACT_SELECTORS.includes(path)) continue;
			const key = `${resource}.${operation} ${path}`;
			expect({ key, unnamed: values.filter((v) => !(ALLOWED[key] ?? []).includes(v)) }).toEqual({
				key,
				unnamed: [],
			});
		}
	});

	it('a review: Date Field created_at and replied_at only (no updated_at), Sort By its attributes', () => {
		const lists = Object.fromEntries(
			listsOf([
				...shownParameters(description, { resource: 'review', operation: 'getAll' }).values(),
			]),
		);
		expect(lists['filters.dateKey'].sort()).toEqual([...REVIEW_DATETIMES].sort());
		expect(lists['options.sortKey'].sort()).toEqual([...REVIEW_ATTRIBUTES].sort());
	});

	const field = (resource: string, operation: string, path: string): INodeProperties => {
		const [first, second] = path.split('.');
		const top = shownParameters(description, { resource, operation }).get(first)!;
		return second
			? ((top.options ?? []) as INodeProperties[]).find((option) => option.name === second)!
			: top;
	};

	it('Message Status is typed: its help says the values are the service’s, delivered an example', () => {
		const status = field('message', 'getAll', 'filters.status');
		expect(status.type).toBe('string');
		expect(status.description).toMatch(/not published/);
		expect(status.description).toMatch(/example/);
	});

	it.each([
		['client', 'create', 'additionalFields.roleSlug'],
		['client', 'update', 'updateFields.roleSlug'],
	])('%s.%s Role Slug names no role as if known', (resource, operation, path) => {
		const role = field(resource, operation, path);
		const help = `${role.description} ${role.placeholder ?? ''} ${role.hint ?? ''}`;
		expect(help).toMatch(/not publish/);
		expect(help).not.toMatch(/\b(admin|manager|editor|viewer|owner)\b/);
	});

	it.each([
		['review', 'filters.facet'],
		['customer', 'filters.facet'],
	])('%s %s suggests no facet value as if known', (resource, path) => {
		const facet = field(resource, 'getAll', path);
		expect(facet.type).toBe('string');
		expect(facet.placeholder ?? '').toBe('');
		expect(facet.description).toMatch(/not published/);
	});
});
