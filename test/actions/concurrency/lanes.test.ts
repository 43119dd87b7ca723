/**
 * Which operations may run items at once is declared in each operation file (`export const lane`).
 * This pins those declarations to what the Concurrency option promises the user in the editor
 * (descriptors/requestOptions.ts): reads, creates and changes of reviews, customers, charges and
 * messages may overlap; projects, client users, sources, share templates and Create Share Image never.
 * The engine tests beside this file prove that the router honours a lane.
 */
import { operationsByResource } from '../../../nodes/ReviewCollection/actions/resources';
import { CATALOGUE, nameOf, OUTSIDE_THE_SERVICE } from '../../harness/operation-catalogue';

const ALWAYS_ONE_AT_A_TIME = new Set(['project', 'client', 'source', 'shareTemplate']);
const READS = new Set(['getAll', 'get', 'getCharges', 'getMessages', 'getReviews', 'getKey']);

const all = Object.entries(operationsByResource).flatMap(([resource, byName]) =>
	Object.entries(byName).map(([name, operation]) => [`${resource}.${name}`, operation] as const),
);
// Explain Trigger talks to n8n's API, not the service, and has no Request Options (no Concurrency).
const operations = all.filter(([name]) => !(name in OUTSIDE_THE_SERVICE));

it('Explain Trigger runs one item after another (no Concurrency option)', () => {
	const explain = all.find(([name]) => name === 'diagnostics.explainTrigger');
	expect(explain).toBeDefined();
	expect(typeof explain![1].lane).toBe('undefined');
});

describe('concurrency lanes declared by the operation files', () => {
	it('covers every operation of the test catalogue', () => {
		expect(operations.map(([name]) => name).sort()).toEqual(CATALOGUE.map(nameOf).sort());
	});

	it.each(operations)('%s', (qualifiedName, operation) => {
		const [resource, name] = qualifiedName.split('.');
		const mayOverlap =
			READS.has(name) || (!ALWAYS_ONE_AT_A_TIME.has(resource) && name !== 'createShareImage');
		expect(typeof operation.lane === 'function').toBe(mayOverlap);
	});
});
