import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { labelOf, snakeCase } from '../../helpers/params';
import { invalid, toInteger } from '../../helpers/validation';
import { recordOrSuccessItems } from '../../helpers/output';
import { apiRequest } from '../../transport';
import { getProjectId, projectIdProperty, showFor } from './shared';
import type { OperationOption } from '../types';
import type { Execution } from '../../transport';

const ALLOWANCES = ['customers', 'locations', 'members', 'links', 'tags', 'widgets'];
const SEND_LIMITS = [
	'dailyEmailRequests',
	'monthlyEmailRequests',
	'dailySmsRequests',
	'monthlySmsRequests',
];
const SWITCHES = ['formsAdvanced', 'api', 'webhooks', 'ambassador'];

function allowance(name: string): INodeProperties {
	return {
		displayName: labelOf(name),
		name,
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description: `How many ${name} the project may have (allowance)`,
	};
}

function sendLimit(displayName: string, name: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description: `Override of the project's ${displayName.toLowerCase()} send limit`,
	};
}

function feature(displayName: string, name: string, what: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'boolean',
		default: false,
		description: `Whether ${what} is enabled`,
	};
}

const overrideOptions: INodeProperties[] = [
	feature('Ambassador', 'ambassador', 'the ambassador feature'),
	feature('API', 'api', 'API access'),
	allowance('customers'),
	sendLimit('Daily Email Requests', 'dailyEmailRequests'),
	sendLimit('Daily SMS Requests', 'dailySmsRequests'),
	feature('Forms Advanced', 'formsAdvanced', 'the advanced forms feature'),
	allowance('links'),
	allowance('locations'),
	allowance('members'),
	sendLimit('Monthly Email Requests', 'monthlyEmailRequests'),
	sendLimit('Monthly SMS Requests', 'monthlySmsRequests'),
	allowance('tags'),
	feature('Webhooks', 'webhooks', 'webhook access'),
	allowance('widgets'),
];

const properties: INodeProperties[] = [
	projectIdProperty,
	{
		displayName: 'Overrides',
		name: 'overrides',
		type: 'collection',
		placeholder: 'Add override',
		default: {},
		description: 'Only the overrides added here are sent; the others keep their current value',
		options: overrideOptions,
	},
];

export const option: OperationOption = {
	name: 'Update Overrides',
	value: 'updateOverrides',
	action: 'Update overrides of a project',
	description:
		'Change the allowances, send limits and features of a project given its ID (a number); returns the project',
};

export const description = updateDisplayOptions(showFor('updateOverrides'), properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	execution: Execution,
): Promise<INodeExecutionData[]> {
	const overrides = this.getNodeParameter('overrides', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	for (const [name, value] of Object.entries(overrides)) {
		const label = overrideOptions.find((option) => option.name === name)?.displayName ?? name;
		if (ALLOWANCES.includes(name) || SEND_LIMITS.includes(name)) {
			body[snakeCase(name)] = toInteger(this, itemIndex, label, value, { min: 0 });
		} else if (SWITCHES.includes(name)) {
			if (typeof value !== 'boolean')
				throw invalid(this, itemIndex, label, 'must be true or false', value);
			body[snakeCase(name)] = value;
		}
	}
	const id = getProjectId(this, itemIndex);
	const envelope = await apiRequest(this, {
		execution,
		method: 'PUT',
		path: `/agency/projects/${id}/overrides`,
		body,
		itemIndex,
	});
	return recordOrSuccessItems(this, envelope, id);
}
