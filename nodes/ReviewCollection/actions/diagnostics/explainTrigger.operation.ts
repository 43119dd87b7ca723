import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { showForResource } from '../../descriptors/operation';
import type { OperationOption } from '../types';
import { getWorkflow } from './n8n-api';
import { recordVerdict } from './record-verdict';
import { LAST_POLL_NOTE, iso, projectStands, stateOf, triggerOf } from './trigger-stand';

export const option: OperationOption = {
	name: 'Explain Trigger',
	value: 'explainTrigger',
	action: 'Explain a trigger',
	description:
		"Why a Review Collection Trigger did or did not fire, via n8n's API; takes the workflow and, optionally, a record ID (a number); returns the trigger's stand and the record's verdict",
};

const WORKFLOW_URL = '.*/workflow/([0-9a-zA-Z]+)';

const properties: INodeProperties[] = [
	{
		displayName: 'Workflow',
		name: 'workflowId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The workflow whose Review Collection Trigger to explain',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a workflow...',
				typeOptions: { searchListMethod: 'searchWorkflows', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3fXq9kT2mB7LwZ1a',
				hint: 'The ID in the workflow’s address: …/workflow/<ID>',
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: 'e.g. https://n8n.example.com/workflow/3fXq9kT2mB7LwZ1a',
				validation: [
					{
						type: 'regex',
						properties: { regex: WORKFLOW_URL, errorMessage: 'Not a workflow URL of n8n' },
					},
				],
				extractValue: { type: 'regex', regex: WORKFLOW_URL },
			},
		],
	},
	{
		displayName: 'Record ID',
		name: 'recordId',
		type: 'resourceLocator',
		default: { mode: 'id', value: '' },
		description:
			"The review, message or customer the trigger's event is about (optional): says whether it fired, waits or never fires, and why",
		modes: [
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 4521',
				hint: 'The record ID must be a positive whole number (empty: only the stand)',
			},
		],
	},
];

export const description = updateDisplayOptions(
	showForResource('diagnostics')('explainTrigger'),
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const workflowId = String(
		this.getNodeParameter('workflowId', itemIndex, '', { extractValue: true }) ?? '',
	).trim();
	if (workflowId === '')
		throw new NodeOperationError(this.getNode(), 'Choose the workflow to explain', { itemIndex });
	const recordText = String(
		this.getNodeParameter('recordId', itemIndex, '', { extractValue: true }) ?? '',
	).trim();
	const recordId = recordText === '' ? undefined : Number(recordText);
	if (recordId !== undefined && !(Number.isInteger(recordId) && recordId > 0))
		throw new NodeOperationError(
			this.getNode(),
			`Record ID must be a whole number, not "${recordText}"`,
			{
				itemIndex,
			},
		);

	const workflow = await getWorkflow(this, workflowId, itemIndex);
	const trigger = triggerOf(workflow);
	if (!trigger)
		throw new NodeOperationError(
			this.getNode(),
			`The workflow "${String(workflow.name)}" has no enabled Review Collection Trigger`,
			{ itemIndex },
		);
	const read = stateOf(workflow, trigger);
	const json: IDataObject = {
		workflow: { id: workflow.id, name: workflow.name, active: workflow.active === true },
		trigger: {
			node: trigger.name,
			event: trigger.event,
			scope: trigger.scope === 'all' ? 'All Projects' : 'One Project',
			...(read.state?.activatedAt ? { activatedAt: iso(read.state.activatedAt) } : {}),
		},
		lastPoll: read.account
			? { at: iso(read.account.polled), note: LAST_POLL_NOTE }
			: { at: null, note: read.missing },
		projects: read.account ? projectStands(read.account) : [],
	};
	if (recordId !== undefined)
		json.record =
			read.account && read.state
				? recordVerdict(recordId, trigger, read.state, read.account)
				: {
						id: recordId,
						verdict: 'unknown',
						reason: `The trigger's state cannot be read. ${read.missing}`,
					};
	return [{ json }];
}
