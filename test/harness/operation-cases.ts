import type { INodeParameters } from 'n8n-workflow';

import type { ApiSimulator } from '../simulator';
import type { Case } from './operation-catalogue';
import { byId } from './simulator-env';

/** Builders of the operation catalogue's cases: the shapes many operations share. */
export const id = byId('={{ $json.id }}');
export const ids = (...values: number[]) => values.map((value) => ({ id: value }));
export const badId = { item: { id: 'abc' }, field: '' };
export const project = (sim: ApiSimulator) => sim.defaultProject();
const dateFilter = { filters: { dateFrom: '={{ $json.from }}' } };
const froms = () => [{ from: '2000-01-01' }, { from: '2000-01-02' }, { from: '2000-01-03' }];
const badDate = { item: { from: '01/02/2000' }, field: 'Date From' };

/** Three extra projects (ids 2..4), so agency operations never touch the default project or its key. */
export const extraProjects = (sim: ApiSimulator) =>
	['North Shop', 'South Shop', 'East Shop'].map((name) => sim.createProject(name).id);
const threeClients = (sim: ApiSimulator) => [1, 2, 3].map(() => sim.addClient().id);

export function agency(
	operation: string,
	method: Case['method'],
	suffix: string,
	extra: Partial<Case> = {},
): Case {
	return {
		resource: 'project',
		operation,
		area: 'agency',
		method,
		path: new RegExp(`^/agency/projects/\\d+${suffix}$`),
		parameters: { projectId: id },
		items: (sim) => ids(...extraProjects(sim)),
		bad: { ...badId, field: 'Project' },
		...extra,
	};
}

export function client(
	operation: string,
	method: Case['method'],
	suffix: string,
	extra: Partial<Case> = {},
): Case {
	return {
		resource: 'client',
		operation,
		area: 'agency',
		method,
		path: new RegExp(`^/agency/clients/\\d+${suffix}$`),
		parameters: { clientId: id },
		items: (sim) => ids(...threeClients(sim)),
		bad: { ...badId, field: 'Client' },
		...extra,
	};
}

export function onReview(
	operation: string,
	method: Case['method'],
	suffix: string,
	parameters: INodeParameters = {},
): Case {
	return {
		resource: 'review',
		operation,
		area: 'project',
		method,
		path: new RegExp(`^/project/reviews/\\d+${suffix}$`),
		parameters: { reviewId: id, ...parameters },
		items: () => ids(1, 2, 3),
		bad: { ...badId, field: 'Review' },
	};
}

export function onCustomer(
	operation: string,
	method: Case['method'],
	suffix: string,
	parameters: INodeParameters = {},
): Case {
	return {
		resource: 'customer',
		operation,
		area: 'project',
		method,
		path: new RegExp(`^/project/customers/\\d+${suffix}$`),
		parameters: { customerId: id, ...parameters },
		// Alice and Bob have charges, messages and reviews: every sub-list answers something.
		items: () => ids(1, 3, 2),
		bad: { ...badId, field: 'Customer' },
	};
}

export function list(resource: string, path: string, filtered: boolean): Case {
	return {
		resource,
		operation: 'getAll',
		area: resource === 'project' || resource === 'client' ? 'agency' : 'project',
		method: 'GET',
		path: new RegExp(`^${path}$`),
		parameters: { returnAll: true, ...(filtered ? dateFilter : {}) },
		items: (sim) => {
			if (resource === 'client') threeClients(sim);
			return filtered ? froms() : [{}, {}, {}];
		},
		...(filtered ? { bad: badDate } : {}),
	};
}
