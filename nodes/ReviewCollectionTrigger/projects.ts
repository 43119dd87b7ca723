/**
 * Which projects a poll reads (contract §7, §8): with All Projects every project of the agency (one
 * request lists them), else the node's own project. One Project is an agency of one project: the same
 * poll (./poll.ts) reads either.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../ReviewCollection/transport';
import type { PollBudget } from './reading/budget';
import type { ProjectTarget } from './reading/list-request';
import { OWN } from './state/state';

export interface ProjectRef extends IDataObject {
	id: number;
	name: string;
}

export interface Project {
	/** Its key in the state's `projects`. */
	key: string;
	/** What its requests act on (undefined: the node's own credential / Project parameter). */
	target: ProjectTarget;
	/** With All Projects: what every item carries on top. */
	ref?: ProjectRef;
	/** Unix seconds (0 when not known). */
	createdAt: number;
}

export async function projectsOf(
	ctx: IPollFunctions,
	allProjects: boolean,
	budget: PollBudget,
): Promise<Project[]> {
	if (!allProjects) return [{ key: OWN, target: undefined, createdAt: 0 }];
	const envelope = await budget.measure(
		async () =>
			await apiRequest(ctx, {
				method: 'GET',
				path: '/agency/projects',
				authentication: 'agencyKey',
				deadline: budget.requestDeadline(),
				execution: budget.execution,
			}),
	);
	if (!Array.isArray(envelope.data)) {
		throw new NodeOperationError(ctx.getNode(), 'The project list answer has no "data" array');
	}
	return envelope.data
		.filter((project) => typeof (project as IDataObject)?.id === 'number')
		.map((project) => {
			const { id, name, created_at: createdAt } = project as IDataObject;
			return {
				key: String(id),
				target: String(id),
				ref: { id: id as number, name: String(name ?? '') },
				createdAt: typeof createdAt === 'number' ? createdAt : 0,
			};
		});
}

/** Projects the last poll did not reach (or cut short) first, longest waiting first; then the rest. */
export function inWaitingOrder(projects: Project[], waiting: string[]): Project[] {
	const byKey = new Map(projects.map((project) => [project.key, project]));
	const first = waiting
		.map((key) => byKey.get(key))
		.filter((project): project is Project => project !== undefined);
	const firstKeys = new Set(first.map(({ key }) => key));
	return [...first, ...projects.filter(({ key }) => !firstKeys.has(key))];
}

/** Runs `work` over `items`, at most `limit` at once. */
export async function inParallel<T>(
	items: T[],
	limit: number,
	work: (item: T, index: number) => Promise<void>,
) {
	let next = 0;
	const worker = async () => {
		while (next < items.length) {
			const index = next++;
			await work(items[index], index);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
