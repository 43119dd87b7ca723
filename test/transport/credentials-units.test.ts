/**
 * transport/credentials.ts on stub contexts (no engine, no HTTP): which credential signs a request,
 * the project keys read with the agency key and how long they are kept. Through the engine:
 * key-read.test.ts, trigger/agency-key-cache.test.ts, actions/project/keys.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	AGENCY_CREDENTIAL,
	forgetProjectKey,
	normalizeBaseUrl,
	parameter,
	pollExecution,
	PROJECT_CREDENTIAL,
	resolveCredential,
} from '../../nodes/ReviewCollection/transport/credentials';
import type { ApiContext } from '../../nodes/ReviewCollection/transport/credentials';
import { newExecution } from '../../nodes/ReviewCollection/transport/execution';
import { triggerProjectKeys } from '../../nodes/ReviewCollection/transport/memory';

interface StubOptions {
	parameters?: IDataObject;
	baseUrls?: Record<string, string>;
	credentialId?: string;
	workflowId?: string;
	kind?: 'execute' | 'poll' | 'editor';
	/** The node's credentials as n8n stores them (default: an agency credential `credentialId`). */
	credentials?: IDataObject;
}

/** A context of the kind asked: an execution's (getInputData), a poll's, or the editor's. */
function stub(options: StubOptions = {}) {
	const parameters = options.parameters ?? {};
	const baseUrls = options.baseUrls ?? {
		[AGENCY_CREDENTIAL]: 'https://agency.example/ ',
		[PROJECT_CREDENTIAL]: 'https://project.example//',
	};
	const node = {
		name: 'Node',
		credentials:
			'credentials' in options
				? options.credentials
				: { [AGENCY_CREDENTIAL]: { id: options.credentialId ?? 'cred-1', name: 'A' } },
	};
	const getCredentials = jest.fn(async (type: string) => ({ baseUrl: baseUrls[type] }));
	const read = (name: string, fallback: unknown) =>
		name in parameters ? parameters[name] : fallback;
	const base = { getNode: () => node, getCredentials };
	const kind = options.kind ?? 'execute';
	const ctx =
		kind === 'execute'
			? {
					...base,
					getInputData: () => [],
					getNodeParameter: jest.fn((name: string, _i: number, fallback: unknown) =>
						read(name, fallback),
					),
				}
			: kind === 'poll'
				? {
						...base,
						getWorkflow: () => ({ id: options.workflowId }),
						getNodeParameter: jest.fn((name: string, fallback: unknown) => read(name, fallback)),
					}
				: {
						...base,
						getCurrentNodeParameter: jest.fn((name: string) => parameters[name]),
					};
	return { ctx: ctx as unknown as ApiContext, getCredentials, node };
}

const agency = { authentication: 'agencyKey', projectId: '12' };

beforeEach(() => triggerProjectKeys.clear());

describe('resolveCredential', () => {
	it('the project key (the default): the project credential, its Base URL without trailing slashes', async () => {
		const { ctx, getCredentials } = stub();
		const execution = newExecution();
		const resolved = await resolveCredential(ctx, execution, 'project', 0, jest.fn());
		expect(resolved).toEqual({
			type: PROJECT_CREDENTIAL,
			displayName: 'Review Collection Project API',
			baseUrl: 'https://project.example',
		});
		await resolveCredential(ctx, execution, 'project', 1, jest.fn());
		expect(getCredentials).toHaveBeenCalledTimes(1);
		expect(getCredentials).toHaveBeenCalledWith(PROJECT_CREDENTIAL, 0);
	});

	it('the agency area: the agency credential', async () => {
		const { ctx } = stub({ parameters: agency });
		const fetchKey = jest.fn();
		expect(await resolveCredential(ctx, newExecution(), 'agency', 0, fetchKey)).toEqual({
			type: AGENCY_CREDENTIAL,
			displayName: 'Review Collection Agency API',
			baseUrl: 'https://agency.example',
		});
		expect(fetchKey).not.toHaveBeenCalled();
	});

	it('the agency area with the project key chosen: still the agency credential', async () => {
		const { ctx } = stub();
		expect((await resolveCredential(ctx, newExecution(), 'agency', 0, jest.fn())).type).toBe(
			AGENCY_CREDENTIAL,
		);
	});

	it.each([
		['missing', { authentication: 'agencyKey' }],
		['null', { authentication: 'agencyKey', projectId: null }],
	])('a project id %s: an error showing it empty', async (_what, parameters) => {
		const { ctx } = stub({ parameters });
		await expect(resolveCredential(ctx, newExecution(), 'project', 0, jest.fn())).rejects.toThrow(
			'expected a project ID (a positive whole number), got ""',
		);
	});

	it('the agency key on a project request: the project key read once, the request signed with it', async () => {
		const { ctx } = stub({ parameters: agency });
		const execution = newExecution();
		const fetchKey = jest.fn(async (id: string) => `key-of-${id}`);
		const resolved = await resolveCredential(ctx, execution, 'project', 0, fetchKey);
		expect(resolved).toEqual({
			type: PROJECT_CREDENTIAL,
			displayName: 'Review Collection Agency API',
			baseUrl: 'https://agency.example',
			projectId: '12',
			credentialsDecrypted: {
				id: 'agency-project-12',
				name: 'Project 12 (through the agency key)',
				type: PROJECT_CREDENTIAL,
				data: { baseUrl: 'https://agency.example', apiKey: 'key-of-12' },
			},
		});
		await resolveCredential(ctx, execution, 'project', 1, fetchKey);
		expect(fetchKey).toHaveBeenCalledTimes(1);
		expect(fetchKey).toHaveBeenCalledWith('12');
	});

	it('the choice a request makes wins over the parameters', async () => {
		const { ctx } = stub({ parameters: agency });
		const fetchKey = jest.fn(async () => 'k');
		const byProjectKey = await resolveCredential(ctx, newExecution(), 'project', 0, fetchKey, {
			authentication: 'projectKey',
		});
		expect(byProjectKey.type).toBe(PROJECT_CREDENTIAL);
		expect(byProjectKey.projectId).toBeUndefined();
		const other = await resolveCredential(ctx, newExecution(), 'project', 0, fetchKey, {
			project: ' 34 ',
		});
		expect(other.projectId).toBe('34');
		expect(fetchKey).toHaveBeenCalledWith('34');
	});

	it('the authentication is read once per execution', async () => {
		const { ctx } = stub({ parameters: agency });
		const execution = newExecution();
		await resolveCredential(
			ctx,
			execution,
			'project',
			0,
			jest.fn(async () => 'k'),
		);
		expect(execution.credentials.authentication).toBe('agencyKey');
		const read = (ctx as unknown as { getNodeParameter: jest.Mock }).getNodeParameter;
		const before = read.mock.calls.filter(([name]) => name === 'authentication').length;
		await resolveCredential(
			ctx,
			execution,
			'project',
			1,
			jest.fn(async () => 'k'),
		);
		expect(read.mock.calls.filter(([name]) => name === 'authentication')).toHaveLength(before);
	});

	it.each(['', '0', '012', '1.5', 'abc', '-3'])(
		'a project id that is no positive whole number (%j): an error naming the item',
		async (projectId) => {
			const { ctx } = stub({ parameters: { ...agency, projectId } });
			const error = await resolveCredential(ctx, newExecution(), 'project', 3, jest.fn()).catch(
				(e: unknown) => e,
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect((error as NodeOperationError).message).toBe(
				`Invalid Project in item 3: expected a project ID (a positive whole number), got "${projectId}"`,
			);
			expect((error as NodeOperationError).description).toMatch(/Agency Key/);
			expect((error as NodeOperationError).context.itemIndex).toBe(3);
		},
	);

	it('a project id of a resource locator or a number is read as its value', async () => {
		const { ctx } = stub({ parameters: { ...agency, projectId: 56 } });
		const resolved = await resolveCredential(ctx, newExecution(), 'project', 0, async () => 'k');
		expect(resolved.projectId).toBe('56');
	});

	it('a failed key read is not kept: the next request reads it again', async () => {
		const { ctx } = stub({ parameters: agency });
		const execution = newExecution();
		const fetchKey = jest
			.fn<Promise<string>, [string]>()
			.mockRejectedValueOnce(new Error('HTTP 500'))
			.mockResolvedValueOnce('key');
		await expect(resolveCredential(ctx, execution, 'project', 0, fetchKey)).rejects.toThrow(
			'HTTP 500',
		);
		const resolved = await resolveCredential(ctx, execution, 'project', 0, fetchKey);
		expect(resolved.credentialsDecrypted?.data?.apiKey).toBe('key');
		expect(fetchKey).toHaveBeenCalledTimes(2);
	});

	it('at most 1,000 keys per execution: the oldest goes first', async () => {
		const { ctx } = stub({ parameters: agency });
		const execution = newExecution();
		const fetchKey = jest.fn(async (id: string) => `k${id}`);
		for (let id = 1; id <= 1001; id++)
			await resolveCredential(ctx, execution, 'project', 0, fetchKey, { project: String(id) });
		const keys = execution.credentials.projectKeys;
		expect(keys.size).toBe(1000);
		expect(keys.has('1')).toBe(false);
		expect(keys.has('2')).toBe(true);
		expect(keys.has('1001')).toBe(true);
	});
});

describe('a trigger’s project keys between polls', () => {
	const poll = (options: StubOptions = {}) =>
		stub({ kind: 'poll', workflowId: 'wf', parameters: agency, ...options });

	it('a poll’s execution is named by its workflow and node (unsaved: "unsaved")', () => {
		expect(pollExecution(poll().ctx as never).pollSlot).toBe('wf:Node');
		expect(pollExecution(poll({ workflowId: undefined }).ctx as never).pollSlot).toBe(
			'unsaved:Node',
		);
		expect(pollExecution(poll().ctx as never).credentials.projectKeys.size).toBe(0);
	});

	it('the next poll uses the key read by the last one; another credential or host reads it anew', async () => {
		const fetchKey = jest.fn(async () => 'k');
		const first = poll();
		await resolveCredential(first.ctx, pollExecution(first.ctx as never), 'project', 0, fetchKey);
		await resolveCredential(first.ctx, pollExecution(first.ctx as never), 'project', 0, fetchKey);
		expect(fetchKey).toHaveBeenCalledTimes(1);
		expect(triggerProjectKeys.get('wf:Node')?.binding).toBe('cred-1|https://agency.example');

		const moved = poll({ baseUrls: { [AGENCY_CREDENTIAL]: 'https://elsewhere.example' } });
		await resolveCredential(moved.ctx, pollExecution(moved.ctx as never), 'project', 0, fetchKey);
		expect(fetchKey).toHaveBeenCalledTimes(2);
		const other = poll({
			baseUrls: { [AGENCY_CREDENTIAL]: 'https://elsewhere.example' },
			credentialId: 'cred-2',
		});
		await resolveCredential(other.ctx, pollExecution(other.ctx as never), 'project', 0, fetchKey);
		expect(fetchKey).toHaveBeenCalledTimes(3);
		await resolveCredential(other.ctx, pollExecution(other.ctx as never), 'project', 0, fetchKey);
		expect(fetchKey).toHaveBeenCalledTimes(3);
	});

	it.each([
		['no credentials', undefined],
		['no agency credential', {}],
	])('a node with %s: the keys bound to the Base URL alone', async (_what, credentials) => {
		const fetchKey = jest.fn(async () => 'k');
		const { ctx } = poll({ credentials });
		await resolveCredential(ctx, pollExecution(ctx as never), 'project', 0, fetchKey);
		expect(triggerProjectKeys.get('wf:Node')?.binding).toBe('|https://agency.example');
	});

	it('forgetProjectKey before any request of the poll (no Base URL read yet): the kept keys stay', async () => {
		const fetchKey = jest.fn(async () => 'k');
		const { ctx } = poll();
		await resolveCredential(ctx, pollExecution(ctx as never), 'project', 0, fetchKey);
		const next = pollExecution(ctx as never);
		forgetProjectKey(ctx, next, '12');
		await resolveCredential(ctx, next, 'project', 0, fetchKey);
		expect(fetchKey).toHaveBeenCalledTimes(1);
	});

	it('a failed read is not kept for the next poll', async () => {
		const fetchKey = jest
			.fn<Promise<string>, [string]>()
			.mockRejectedValueOnce(new Error('HTTP 503'))
			.mockResolvedValue('k');
		const { ctx } = poll();
		await expect(
			resolveCredential(ctx, pollExecution(ctx as never), 'project', 0, fetchKey),
		).rejects.toThrow('HTTP 503');
		await resolveCredential(ctx, pollExecution(ctx as never), 'project', 0, fetchKey);
		expect(fetchKey).toHaveBeenCalledTimes(2);
	});

	it('forgetProjectKey: the refused key is read again next time', async () => {
		const fetchKey = jest.fn(async () => 'k');
		const { ctx } = poll();
		const execution = pollExecution(ctx as never);
		forgetProjectKey(ctx, execution, '12');
		await resolveCredential(ctx, execution, 'project', 0, fetchKey);
		forgetProjectKey(ctx, execution, '12');
		await resolveCredential(ctx, pollExecution(ctx as never), 'project', 0, fetchKey);
		expect(fetchKey).toHaveBeenCalledTimes(2);
	});

	it('forgetProjectKey in an execution: only that project’s key', async () => {
		const { ctx } = stub({ parameters: agency });
		const execution = newExecution();
		const fetchKey = jest.fn(async (id: string) => id);
		await resolveCredential(ctx, execution, 'project', 0, fetchKey, { project: '1' });
		await resolveCredential(ctx, execution, 'project', 0, fetchKey, { project: '2' });
		forgetProjectKey(ctx, execution, '1');
		expect([...execution.credentials.projectKeys.keys()]).toEqual(['2']);
	});

	it('at most 500 trigger nodes: the one used longest ago goes first', async () => {
		const fetchKey = jest.fn(async () => 'k');
		for (let i = 0; i <= 500; i++) {
			const { ctx } = poll({ workflowId: `w${i}` });
			await resolveCredential(ctx, pollExecution(ctx as never), 'project', 0, fetchKey);
			if (i === 10) {
				const again = poll({ workflowId: 'w0' }).ctx;
				await resolveCredential(again, pollExecution(again as never), 'project', 0, fetchKey);
			}
		}
		expect(triggerProjectKeys.size).toBe(500);
		expect(triggerProjectKeys.has('w0:Node')).toBe(true);
		expect(triggerProjectKeys.has('w1:Node')).toBe(false);
		expect(triggerProjectKeys.has('w2:Node')).toBe(true);
		expect(triggerProjectKeys.has('w500:Node')).toBe(true);
	});
});

describe('parameter and normalizeBaseUrl', () => {
	it('read the same way in an execution, a poll and the editor, with the fallback', () => {
		for (const kind of ['execute', 'poll', 'editor'] as const) {
			const { ctx } = stub({ kind, parameters: { projectId: '7' } });
			expect(parameter(ctx, 'projectId', 0, 'none')).toBe('7');
			expect(parameter(ctx, 'missing', 0, 'none')).toBe('none');
		}
		const { ctx } = stub({ kind: 'editor' });
		parameter(ctx, 'projectId', 0, '');
		expect(
			(ctx as unknown as { getCurrentNodeParameter: jest.Mock }).getCurrentNodeParameter,
		).toHaveBeenCalledWith('projectId', { extractValue: true });
		const executing = stub({ kind: 'execute' });
		parameter(executing.ctx, 'projectId', 4, '');
		expect(
			(executing.ctx as unknown as { getNodeParameter: jest.Mock }).getNodeParameter,
		).toHaveBeenCalledWith('projectId', 4, '', { extractValue: true });
		const polling = stub({ kind: 'poll' });
		parameter(polling.ctx, 'projectId', 0, '');
		expect(
			(polling.ctx as unknown as { getNodeParameter: jest.Mock }).getNodeParameter,
		).toHaveBeenCalledWith('projectId', '', { extractValue: true });
	});

	it.each([
		[' https://a.example/// ', 'https://a.example'],
		['https://a.example/api/', 'https://a.example/api'],
		[undefined, ''],
		[null, ''],
	])('%j → %j', (value, url) => {
		expect(normalizeBaseUrl(value)).toBe(url);
	});
});
