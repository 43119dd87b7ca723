import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ActionExecution } from './execution';

/**
 * The shapes every operation file and the modules that run them share. Near a leaf: it imports only
 * the execution's shape (./execution.ts, which imports only the transport), so the router, the lanes
 * and every resource can point at it without a cycle.
 */

/**
 * One entry of a resource's Operation list, exported by the operation file itself. `action` is the
 * short label n8n shows in the node creator and names a newly added node after ("Reply to a review");
 * `description` is the longer text the editor shows under the option (what it needs and returns).
 */
export interface OperationOption {
	name: string;
	value: string;
	action: string;
	description: string;
}

/**
 * What must not overlap when items run at once, per item: the lanes it belongs to (see
 * `concurrency.ts`). A lane that cannot be computed fails its item.
 */
export type Lane = (
	ctx: IExecuteFunctions,
	itemIndex: number,
	execution: ActionExecution,
) => string[] | Promise<string[]>;

/** One operation file: its entry in the Operation list, its parameters and what it does for one item. */
export interface Operation {
	option: OperationOption;
	description: INodeProperties[];
	/** One item; `execution` is what the execution's items and requests share (./execution.ts). */
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		execution: ActionExecution,
	): Promise<INodeExecutionData[]>;
	/**
	 * Present only where items may run at once (see `concurrency.ts`): what must stay in order. Without
	 * a lane the operation runs its items one after another, whatever Concurrency says.
	 */
	lane?: Lane;
}
