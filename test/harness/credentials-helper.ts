/**
 * ICredentialsHelper for tests: credentials live in memory (by type name) instead of the database,
 * everything else follows the app's CredentialsHelper (packages/cli/src/credentials-helper.ts):
 * generic `authenticate` blocks are resolved with the workflow's expression engine, function-style
 * `authenticate` is called, defaults of the credential's properties are applied, parent types
 * (`extends`) are honoured, and `preAuthentication` refreshes expirable tokens.
 */
import { Credentials } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsExpressionResolveValues,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
	IExecuteData,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, UnexpectedError, isExpression } from 'n8n-workflow';

import type { HarnessRegistry } from './registry';

export class HarnessCredentialsHelper extends ICredentialsHelper {
	/** Stored (decrypted) credential data by credential type name: what the database would hold. */
	readonly store: Record<string, ICredentialDataDecryptedObject>;

	constructor(
		private readonly registry: HarnessRegistry,
		credentials: Record<string, ICredentialDataDecryptedObject> = {},
	) {
		super();
		this.store = structuredClone(credentials);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const credentialType = this.registry.credentialTypes.getByName(typeName);
		const { authenticate } = credentialType;
		if (!authenticate) return requestOptions;

		if (typeof authenticate === 'function') {
			// As the app: called on the credential type (`this` is the credential's instance), its return
			// value is the request that is sent.
			return await authenticate.call(credentialType, credentials, requestOptions);
		}

		if (!workflow || !node) {
			throw new UnexpectedError(
				'Workflow and node are required for declarative credential authentication',
			);
		}
		requestOptions.headers ??= {};
		if (authenticate.type === 'generic') {
			// properties: { headers: {...}, qs: {...}, body: {...}, auth: {...} }; keys and values may be expressions.
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				const target = requestOptions as unknown as Record<string, Record<string, string>>;
				for (const [key, value] of Object.entries(outerValue as Record<string, string>)) {
					const resolvedKey = this.resolveValue(key, credentials, workflow, node);
					const resolvedValue = this.resolveValue(value, credentials, workflow, node);
					target[outerKey] ??= {};
					target[outerKey][resolvedKey] = resolvedValue;
				}
			}
		}
		return requestOptions;
	}

	/** Same call as the app: `getSimpleParameterValue(node, value, 'internal', { $credentials }, undefined, '')`. */
	private resolveValue(
		value: string,
		credentials: ICredentialDataDecryptedObject,
		workflow: Workflow,
		node: INode,
	): string {
		if (!isExpression(value)) return value;
		const resolved = workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			{ $credentials: credentials },
			undefined,
			'',
		);
		return resolved ? String(resolved) : '';
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.registry.credentialTypes.getByName(typeName);
		const expirable = credentialType.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (expirable?.name === undefined || typeof credentialType.preAuthentication !== 'function') {
			return undefined;
		}
		// The app also refreshes when the node is the credential tester's temporary node.
		const isTestingCredentials =
			node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isTestingCredentials)
			return undefined;

		const output = (await credentialType.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		// The app persists the fresh token to the database; we persist it to the in-memory store.
		this.store[typeName] = { ...this.store[typeName], ...output };
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.registry.credentialTypes.getByName(typeName);
		if (typeof credentialType.preAuthentication !== 'function') return undefined;
		const output = await credentialType.preAuthentication.call(helpers, credentials);
		return (output as ICredentialDataDecryptedObject | undefined) ?? undefined;
	}

	getParentTypes(name: string): string[] {
		return this.registry.credentialTypes.getParentTypes(name);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		try {
			const typeDef = this.registry.credentialTypes.getByName(credentialType);
			if (!typeDef.restrictToSupportedNodes) return true;
			return this.registry.credentialTypes.getSupportedNodes(credentialType).includes(nodeType);
		} catch {
			return true;
		}
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<Credentials> {
		const credentials = new Credentials(
			{ id: nodeCredentials.id, name: nodeCredentials.name },
			type,
		);
		await credentials.setData(this.store[type] ?? {});
		return credentials;
	}

	/** Stored data + property defaults, expressions resolved: what a node's getCredentials() returns in the app. */
	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = this.store[type];
		if (stored === undefined) {
			throw new UnexpectedError(`No credentials of type "${type}" were given to the test harness`);
		}
		if (raw) return structuredClone(stored);
		return this.applyDefaults(
			type,
			stored,
			mode,
			additionalData,
			executeData,
			expressionResolveValues,
		);
	}

	applyDefaults(
		type: string,
		stored: ICredentialDataDecryptedObject,
		mode: WorkflowExecuteMode = 'internal',
		_additionalData?: IWorkflowExecuteAdditionalData,
		executeData?: IExecuteData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): ICredentialDataDecryptedObject {
		let data = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			structuredClone(stored) as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (stored.oauthTokenData !== undefined) data.oauthTokenData = stored.oauthTokenData;
		if (expressionResolveValues) {
			const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } =
				expressionResolveValues;
			data = workflow.expression.getParameterValue(
				data as INodeParameters,
				runExecutionData,
				runIndex,
				itemIndex,
				node.name,
				connectionInputData,
				mode,
				{},
				executeData,
				false,
				data,
			) as ICredentialDataDecryptedObject;
		}
		return data;
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store[type] = structuredClone(data);
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store[type] = { ...this.store[type], oauthTokenData: data.oauthTokenData };
	}

	/** Own properties merged over parent (`extends`) properties, as in the app. */
	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.registry.credentialTypes.getByName(type);
		if (!credentialType.extends) return credentialType.properties;
		const combined: INodeProperties[] = [];
		for (const parent of credentialType.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}
}
