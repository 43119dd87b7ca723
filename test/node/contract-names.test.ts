/**
 * docs/contract.md §11 (with the §3 rows): every name a saved workflow can hold, for every operation of
 * the action node (with either key) and for the trigger, is listed in the contract, and every name the
 * contract lists is on the node. A parameter added without its contract entry fails here, and so does
 * one the contract promises and the node lacks.
 */
import { operationsByResource } from '../../nodes/ReviewCollection/actions/resources';
import { defaultRegistry } from '../harness';
import { namesIn, rows, section, table, ticked } from '../harness/contract-table';
import { shownNames } from '../harness/shown-parameters';

const names = section(11);
const description = (type: string) =>
	defaultRegistry().nodeTypes.getByNameAndVersion(`n8n-nodes-review-collection.${type}`, 1)
		.description;

describe('node contract §11: the action node', () => {
	const common = table(names, 'Action node: on every operation');
	const commonNamed = (name: string) =>
		namesIn(common.find((row) => ticked(row[0])[0] === name)![0]);
	const extras = table(names, 'Action node: options beyond §3').map(([operations, name]) => ({
		// "every `getAll`": an operation value without a resource names it on every resource.
		operations: ticked(operations),
		names: namesIn(name),
	}));
	const applies = (pattern: string, resource: string, operation: string) =>
		pattern.includes('.') ? pattern === `${resource}.${operation}` : pattern === operation;

	function expected(resource: string, operation: string, key: string): string[] {
		const row = rows.find((r) => r.resource === resource && r.operations.includes(operation))!;
		const agencyOnly = resource === 'project' || resource === 'client';
		// n8n's API only (§11, Explain Trigger): no Review Collection sign-in, no Request Options.
		if (`${resource}.${operation}` === 'diagnostics.explainTrigger')
			return [...ticked(common[0][0]), ...row.topLevel];
		return [
			...ticked(common[0][0]),
			...(agencyOnly ? commonNamed('agencyOnlyNotice') : ticked(common[1][0]).slice(0, 1)),
			...(!agencyOnly && key === 'agencyKey' ? commonNamed('projectId') : []),
			...commonNamed('requestOptions'),
			...row.topLevel,
			...row.collections.flatMap(({ name, fields }) => fields.map((field) => `${name}.${field}`)),
			...extras
				.filter((extra) => extra.operations.some((op) => applies(op, resource, operation)))
				.flatMap((extra) => extra.names),
		];
	}

	const cases = Object.entries(operationsByResource).flatMap(([resource, operations]) =>
		Object.keys(operations).flatMap((operation) =>
			['projectKey', 'agencyKey'].map((key) => [`${resource}.${operation}`, key] as const),
		),
	);

	it.each(cases)('%s (%s): the names on the node are exactly the contract names', (op, key) => {
		const [resource, operation] = op.split('.');
		const shown = shownNames(description('reviewCollection'), {
			resource,
			operation,
			authentication: key,
		});
		expect([...new Set(shown)].sort()).toEqual(
			[...new Set(expected(resource, operation, key))].sort(),
		);
	});

	it('every option the contract adds names a real operation', () => {
		const all = cases.map(([op]) => op.split('.'));
		for (const extra of extras)
			for (const pattern of extra.operations)
				expect({ pattern, found: all.some(([r, o]) => applies(pattern, r, o)) }).toEqual({
					pattern,
					found: true,
				});
	});
});

describe('node contract §11: the trigger', () => {
	const trigger = table(names, 'Trigger node');
	const events = ticked(trigger.find((row) => row[0] === '`event`')![1]);
	const contractNames = new Set(
		trigger.flatMap(([name, values]) => {
			const [parameter] = ticked(name);
			// A collection's cell lists its fields as bare words ("reviews: source, …"); remarks in
			// brackets and ticked values are not fields.
			const words = values
				.replace(/\(.*?\)/g, '')
				.replace(/`[^`]*`/g, '')
				.split(/[,;:\s]+/)
				.filter((word) => /^[a-z][A-Za-z]+$/.test(word))
				.filter((word) => !['reviews', 'messages', 'customers', 'with'].includes(word));
			return ['filters', 'options', 'requestOptions'].includes(parameter)
				? words.map((word) => `${parameter}.${word}`)
				: [parameter];
		}),
	);

	it('lists the ten events of §4, §7 and §8', () => {
		expect(events).toHaveLength(10);
	});

	it('the names on the trigger, over every event, key and scope, are exactly the contract names', () => {
		const shown = new Set<string>();
		for (const event of events)
			for (const [authentication, projectScope] of [
				['projectKey', 'one'],
				['agencyKey', 'one'],
				['agencyKey', 'all'],
			])
				for (const name of shownNames(description('reviewCollectionTrigger'), {
					event,
					authentication,
					projectScope,
				}))
					shown.add(name);
		expect([...shown].sort()).toEqual([...contractNames].sort());
	});

	it('Late Event Window only on the moment and appearance events of §8; Concurrency only with All Projects', () => {
		// §8: "`options.lateEventWindow` … on the moment events (`reviewReplied`, …)", and "also on the
		// appearance events (`newReview`, …)" (late appearance, round 6).
		const late = section(8).match(/lateEventWindow`.*?on the moment events\s*\(([^)]*)\)/s)!;
		const appearing = section(8).match(
			/lateEventWindow`.*?on\s+the appearance events\s*\(([^)]*)\)/s,
		)!;
		const moments = [...ticked(late[1]), ...ticked(appearing[1])];
		expect(moments.length).toBeGreaterThan(0);
		for (const event of events) {
			const shown = shownNames(description('reviewCollectionTrigger'), { event });
			expect({ event, late: shown.includes('options.lateEventWindow') }).toEqual({
				event,
				late: moments.includes(event),
			});
			expect(shown).not.toContain('requestOptions.concurrency');
		}
		expect(
			shownNames(description('reviewCollectionTrigger'), {
				event: 'newReview',
				authentication: 'agencyKey',
				projectScope: 'all',
			}),
		).toContain('requestOptions.concurrency');
	});

	it('options.maxEventsPerPoll (§9): 1–10,000, default 1,000, on every event', () => {
		for (const event of events) {
			const options = description('reviewCollectionTrigger').properties.find(
				(p) => p.name === 'options',
			);
			const max = options?.options?.find((o) => 'name' in o && o.name === 'maxEventsPerPoll');
			expect(max).toMatchObject({
				type: 'number',
				default: 1000,
				typeOptions: { minValue: 1, maxValue: 10000 },
			});
			expect(shownNames(description('reviewCollectionTrigger'), { event })).toContain(
				'options.maxEventsPerPoll',
			);
		}
	});
});
