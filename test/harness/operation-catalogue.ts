import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ApiSimulator } from '../simulator';
import { byId } from './simulator-env';
import {
	agency,
	badId,
	client,
	extraProjects,
	id,
	ids,
	list,
	onCustomer,
	onReview,
	project,
} from './operation-cases';

/**
 * Every operation of the action node (contract §3; test/node/operation-list.test.ts proves none is
 * missing), with what the hostile tests need to drive it:
 * a valid parameter set that reads its per-item values from `$json` (so one item can be made to fail),
 * three valid input items, the request that does the work (to aim faults at it), how to make the
 * middle item fail before anything is sent, and how to count the records a POST creates.
 */
export interface Case {
	resource: string;
	operation: string;
	/** agency: projects and client users (agency credential); project: everything else. */
	area: 'agency' | 'project';
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	/** The request that does the work (faults are aimed at it). */
	path: RegExp;
	parameters: INodeParameters;
	/** Prepares the simulator and answers three valid input items. */
	items(sim: ApiSimulator): IDataObject[];
	/** A middle item that fails the node's own checks (nothing sent), and the field the error names. */
	bad?: { item: IDataObject; field: string };
	/** POSTs: the number of records of the kind the operation creates. */
	created?(sim: ApiSimulator): number;
}

export const nameOf = (c: Case) => `${c.resource}.${c.operation}`;

/**
 * Operations that send nothing to the service (n8n's own API only), so the hostile tests of the
 * service's answers do not apply: each has its own engine tests (named here).
 */
export const OUTSIDE_THE_SERVICE: Record<string, string> = {
	'diagnostics.explainTrigger': 'test/actions/diagnostics/explain-trigger.test.ts',
};

/** Every operation of the node: the catalogue and those outside the service. */
export const EVERY_OPERATION = (): string[] => [
	...CATALOGUE.map(nameOf),
	...Object.keys(OUTSIDE_THE_SERVICE),
];

export const CATALOGUE: Case[] = [
	// project (agency)
	list('project', '/agency/projects', false),
	{
		resource: 'project',
		operation: 'create',
		area: 'agency',
		method: 'POST',
		path: /^\/agency\/projects$/,
		parameters: { name: '={{ $json.name }}' },
		items: () => [{ name: 'Shop One' }, { name: 'Shop Two' }, { name: 'Shop Three' }],
		bad: { item: { name: 'ab' }, field: 'Name' },
		created: (sim) => sim.state.projects.length,
	},
	agency('delete', 'DELETE', ''),
	agency('getKey', 'GET', '/key'),
	agency('rotateKey', 'DELETE', '/key'),
	agency('duplicate', 'POST', '/duplicate', {
		parameters: { projectId: id, name: '={{ $json.name }}' },
		items: (sim) => extraProjects(sim).map((value, i) => ({ id: value, name: `Copy ${i}` })),
		bad: { item: { id: 2, name: 'x'.repeat(51) }, field: 'Name' },
		created: (sim) => sim.state.projects.length,
	}),
	agency('updateOverrides', 'PUT', '/overrides', {
		parameters: { projectId: id, overrides: { customers: '={{ $json.customers }}', api: true } },
		items: (sim) => extraProjects(sim).map((value) => ({ id: value, customers: 500 })),
		bad: { item: { id: 2, customers: 'lots' }, field: 'Customers' },
	}),
	agency('suspend', 'PUT', '/suspend'),
	agency('unsuspend', 'PUT', '/unsuspend'),
	// client (agency)
	list('client', '/agency/clients', false),
	{
		resource: 'client',
		operation: 'create',
		area: 'agency',
		method: 'POST',
		path: /^\/agency\/clients$/,
		parameters: {
			email: '={{ $json.email }}',
			projectIds: '1',
			additionalFields: { roleSlug: 'viewer' },
		},
		items: () => [
			{ email: 'a@client.test' },
			{ email: 'b@client.test' },
			{ email: 'c@client.test' },
		],
		bad: { item: { email: 'not-an-email' }, field: 'Email' },
		created: (sim) => sim.state.clients.length,
	},
	client('update', 'PUT', '', {
		parameters: { clientId: id, updateFields: { roleSlug: 'manager' } },
	}),
	client('delete', 'DELETE', ''),
	client('resendInvite', 'POST', '/resend-invite', { created: (sim) => sim.state.clients.length }),
	// review
	list('review', '/project/reviews', true),
	{
		resource: 'review',
		operation: 'create',
		area: 'project',
		method: 'POST',
		path: /^\/project\/reviews$/,
		parameters: { score: '={{ $json.score }}', additionalFields: { email: '={{ $json.email }}' } },
		items: () => [1, 2, 3].map((i) => ({ score: i + 2, email: `reviewer${i}@example.com` })),
		bad: { item: { score: 9, email: 'x@example.com' }, field: 'Score' },
		created: (sim) => project(sim).reviews.size,
	},
	onReview('delete', 'DELETE', ''),
	onReview('setLocation', 'PUT', '/location', { locationSlug: 'airport' }),
	onReview('setSource', 'PUT', '/source', { sourceSlug: 'facebook' }),
	onReview('flagHidden', 'PUT', '/flag-hidden', { isHidden: true }),
	onReview('flagDuplicate', 'PUT', '/flag-duplicate', { isDuplicate: true }),
	onReview('markReplied', 'PUT', '/mark-replied', { replied: true }),
	onReview('reply', 'PUT', '/reply', { reply: 'Thank you!' }),
	onReview('setTags', 'PUT', '/tags', { tagSlugs: 'follow-up' }),
	{
		...onReview('createShareImage', 'POST', '/share-image', {
			options: { ratio: '={{ $json.ratio }}' },
		}),
		items: () => [1, 2, 3].map((value) => ({ id: value, ratio: '4:5' })),
		bad: { item: { id: 2, ratio: 'square' }, field: 'Ratio' },
		created: (sim) => sim.state.images.size,
	},
	// customer
	list('customer', '/project/customers', true),
	{
		resource: 'customer',
		operation: 'create',
		area: 'project',
		method: 'POST',
		path: /^\/project\/customers$/,
		parameters: {
			additionalFields: { email: '={{ $json.email }}', signedUpAt: '={{ $json.at }}' },
		},
		items: () => [1, 2, 3].map((i) => ({ email: `new${i}@example.com`, at: 1700000000 + i })),
		bad: { item: { email: 'new@example.com', at: 'yesterday-ish' }, field: 'Signed Up At' },
		created: (sim) => project(sim).customers.size,
	},
	onCustomer('get', 'GET', ''),
	onCustomer('delete', 'DELETE', ''),
	onCustomer('archive', 'PUT', '/archive'),
	onCustomer('unarchive', 'PUT', '/unarchive'),
	onCustomer('setPhoto', 'PUT', '/photo', { photoUrl: 'https://photos.test/face.png' }),
	onCustomer('setNotes', 'PUT', '/notes', { notes: 'Prefers rye' }),
	onCustomer('unsubscribe', 'PUT', '/unsubscribe'),
	onCustomer('resubscribe', 'PUT', '/resubscribe'),
	onCustomer('cancelUnsentMessages', 'PUT', '/cancel-unsent-messages'),
	{
		...onCustomer('getCharges', 'GET', '/charges', { returnAll: true }),
		items: () => ids(1, 2, 2),
	},
	{
		...onCustomer('getMessages', 'GET', '/messages', { returnAll: true }),
		items: () => ids(1, 2, 1),
	},
	{
		...onCustomer('getReviews', 'GET', '/reviews', { returnAll: true }),
		items: () => ids(1, 2, 2),
	},
	onCustomer('setTags', 'PUT', '/tags', { tagSlugs: 'vip' }),
	// charge
	list('charge', '/project/charges', true),
	{
		resource: 'charge',
		operation: 'create',
		area: 'project',
		method: 'POST',
		path: /^\/project\/charges$/,
		parameters: {
			amount: '={{ $json.amount }}',
			currency: 'USD',
			additionalFields: { email: 'alice@example.com' },
		},
		items: () => [{ amount: 100 }, { amount: 200 }, { amount: 300 }],
		bad: { item: { amount: 12.5 }, field: 'Amount' },
		created: (sim) => project(sim).charges.size,
	},
	{
		resource: 'charge',
		operation: 'delete',
		area: 'project',
		method: 'DELETE',
		path: /^\/project\/charges\/\d+$/,
		parameters: { chargeId: id },
		items: (sim) => ids(1, 2, sim.addCharge(project(sim).id).id),
		bad: { ...badId, field: 'Charge' },
	},
	// message
	list('message', '/project/messages', true),
	{
		resource: 'message',
		operation: 'delete',
		area: 'project',
		method: 'DELETE',
		path: /^\/project\/messages\/\d+$/,
		parameters: { messageId: id },
		items: (sim) => ids(...[1, 2, 3].map(() => sim.addMessage(project(sim).id).id)),
		bad: { ...badId, field: 'Message' },
	},
	// source
	list('source', '/project/sources', false),
	{
		resource: 'source',
		operation: 'create',
		area: 'project',
		method: 'POST',
		path: /^\/project\/sources$/,
		parameters: { name: '={{ $json.name }}', additionalFields: { sprite: 'fab fa-yelp' } },
		items: () => [{ name: 'Yelp' }, { name: 'Tripadvisor' }, { name: 'Houzz' }],
		bad: { item: { name: 'n'.repeat(31) }, field: 'Name' },
		created: (sim) => project(sim).sources.length,
	},
	{
		resource: 'source',
		operation: 'update',
		area: 'project',
		method: 'PUT',
		path: /^\/project\/sources\/\d+$/,
		parameters: { sourceId: id, name: '={{ $json.name }}' },
		items: (sim) => project(sim).sources.map((s) => ({ id: s.id, name: `${s.name} Reviews` })),
		bad: { item: { id: 2, name: 'n'.repeat(31) }, field: 'Name' },
	},
	{
		resource: 'source',
		operation: 'delete',
		area: 'project',
		method: 'DELETE',
		path: /^\/project\/sources\/\d+$/,
		parameters: { sourceId: id },
		items: (sim) => ids(...project(sim).sources.map((s) => s.id)),
		bad: { ...badId, field: 'Source' },
	},
	// shareTemplate
	list('shareTemplate', '/project/share-templates', false),
	{
		resource: 'shareTemplate',
		operation: 'delete',
		area: 'project',
		method: 'DELETE',
		path: /^\/project\/share-templates\/\d+$/,
		parameters: { shareTemplateId: id },
		items: (sim) => ids(...project(sim).shareTemplates.map((t) => t.id)),
		bad: { ...badId, field: 'Share Template' },
	},
	// ask
	{
		resource: 'ask',
		operation: 'create',
		area: 'project',
		method: 'POST',
		path: /^\/project\/asks$/,
		parameters: { channels: ['email'], email: '={{ $json.email }}', phone: '' },
		items: () => [
			{ email: 'alice@example.com' },
			{ email: 'bob@example.com' },
			{ email: 'zed@example.com' },
		],
		bad: { item: { email: '' }, field: 'Email' },
		created: (sim) => project(sim).asks.length,
	},
	// diagnostics: reads only; its first request (the project key's) decides whether it can go on
	{
		resource: 'diagnostics',
		operation: 'checkService',
		area: 'project',
		method: 'GET',
		path: /^\/project\/sources$/,
		parameters: {},
		items: () => [{}, {}, {}],
	},
];

/** The full parameter set of a case (resource, operation, request options on top). */
export function parametersOf(c: Case, extra: INodeParameters = {}): INodeParameters {
	return { resource: c.resource, operation: c.operation, ...c.parameters, ...extra };
}

/** A project-area case run with the agency key and project 1 instead of the project key. */
export const AGENCY_KEY_AUTH: INodeParameters = { authentication: 'agencyKey', projectId: byId(1) };
