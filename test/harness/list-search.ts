/**
 * runListSearch: a "From list" search of a resource locator, as the app runs it for the editor: the
 * node type's `methods.listSearch[method]` called on n8n-core's LoadOptionsContext.
 */
import { LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	INodeListSearchResult,
	INodeParameters,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { buildAdditionalData } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import { defaultRegistry } from './registry';
import { nodeFor } from './run-node';

type ListSearch = (this: unknown, filter?: string) => Promise<INodeListSearchResult>;

export async function runListSearch(options: {
	method: string;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	filter?: string;
	/** The locator being searched (the editor passes its path). */
	parameterPath?: string;
}): Promise<INodeListSearchResult> {
	const {
		method,
		parameters,
		credentials,
		filter,
		parameterPath = 'parameters.reviewId',
	} = options;
	const registry = defaultRegistry();
	const node = nodeFor(
		registry,
		{ parameters, credentials },
		{ defaultType: 'reviewCollection', id: 'n1', name: 'Review Collection', position: [0, 0] },
	);
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: registry.nodeTypes,
	});
	const additionalData = buildAdditionalData(new HarnessCredentialsHelper(registry, credentials));
	const context = new LoadOptionsContext(workflow, node, additionalData, parameterPath);
	const type = registry.nodeTypes.getByNameAndVersion(node.type, 1) as {
		methods?: { listSearch?: Record<string, ListSearch> };
	};
	const search = type.methods?.listSearch?.[method];
	if (!search) throw new Error(`no list search "${method}"`);
	return await search.call(context, filter);
}
