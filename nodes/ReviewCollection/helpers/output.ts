import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ApiEnvelope } from '../transport';

/**
 * Output conventions (contract §3): a record is one item, a list one item per record, an answer
 * without `data` is `{ success: true }`, a delete `{ deleted: true }`. The router adds `pairedItem`.
 */
export function recordItems(ctx: IExecuteFunctions, data: unknown): INodeExecutionData[] {
	if (data === undefined || data === null) return [{ json: { success: true } }];
	if (typeof data !== 'object') return [{ json: { data } as IDataObject }];
	return ctx.helpers.returnJsonArray(data as IDataObject | IDataObject[]);
}

export function envelopeItems(ctx: IExecuteFunctions, envelope: ApiEnvelope): INodeExecutionData[] {
	return recordItems(ctx, envelope.data);
}

export const successItems = (): INodeExecutionData[] => [{ json: { success: true } }];

export const deletedItems = (): INodeExecutionData[] => [{ json: { deleted: true } }];
