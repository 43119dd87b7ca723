import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { ApiEnvelope, ApiRequest } from '../transport';
import { answerError, apiRequest, kindOf } from '../transport';

/**
 * Output conventions (node-contract.md §3): a record is one item, an answer without `data` is
 * `{ success: true }`. An answer whose `data` is not a record (a list, a string, a number) is an error
 * naming the request: it never becomes items whose `json` is not an object. The router adds `pairedItem`.
 */
export function envelopeItems(
	ctx: IExecuteFunctions,
	envelope: ApiEnvelope,
	itemIndex?: number,
): INodeExecutionData[] {
	const data = envelope.data;
	if (data === undefined || data === null) return [{ json: { success: true } }];
	if (typeof data !== 'object' || Array.isArray(data)) {
		throw answerError(ctx, envelope, `"data" is ${kindOf(data)}, not a record`, itemIndex);
	}
	return [{ json: data as IDataObject }];
}

/** Sends `request` and answers the record the API returns as one item (see `envelopeItems`). */
export async function recordItems(
	ctx: IExecuteFunctions,
	request: ApiRequest,
): Promise<INodeExecutionData[]> {
	return envelopeItems(ctx, await apiRequest(ctx, request), request.itemIndex);
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
