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

/** An action on one record that answers nothing: `{ success: true, id }`, so the next node can use `$json.id`. */
export const successItems = (id: number): INodeExecutionData[] => [{ json: { success: true, id } }];

/** A delete: `{ deleted: true, id }` (the deleted record's id). */
export const deletedItems = (id: number): INodeExecutionData[] => [{ json: { deleted: true, id } }];

/** An action on one record: the record the API answers, or `{ success: true, id }` when it answers none. */
export function recordOrSuccessItems(
	ctx: IExecuteFunctions,
	envelope: ApiEnvelope,
	id: number,
): INodeExecutionData[] {
	return envelope.data === undefined || envelope.data === null
		? successItems(id)
		: envelopeItems(ctx, envelope);
}
