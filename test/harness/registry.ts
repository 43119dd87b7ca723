/**
 * Node and credential types as the engine sees them (`registry.nodeTypes: INodeTypes`,
 * `registry.credentialTypes: ICredentialTypes`), either from classes (our TypeScript sources,
 * fixtures) or loaded from a built package folder with n8n-core's PackageDirectoryLoader, which is
 * how n8n loads an installed community package.
 */
import { DirectoryLoader, PackageDirectoryLoader } from 'n8n-core';
import { commonPollingParameters } from 'n8n-core/dist/nodes-loader/constants';
import type {
	ICredentialType,
	ICredentialTypes,
	IDataObject,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';

export type AnyNodeType = INodeType | IVersionedNodeType;
type Instantiable<T> = T | (new () => T);

/** The npm package name of this project: n8n sees our nodes as `<package>.<node name>`. */
export const PACKAGE_NAME = 'n8n-nodes-review-collection';

/** A source file required at first lookup, so a missing file fails only the tests that need it. */
export interface LazyEntry {
	name: string;
	file: string;
	className: string;
}

const instantiate = <T>(entry: Instantiable<T>): T =>
	typeof entry === 'function' ? new (entry as new () => T)() : entry;

function loadLazy<T>(entry: LazyEntry): T {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const moduleExports = require(entry.file) as Record<string, new () => T>;
	const Class = moduleExports[entry.className];
	if (typeof Class !== 'function') {
		throw new UnexpectedError(`${entry.file} does not export a class named "${entry.className}"`);
	}
	return new Class();
}

/** What DirectoryLoader.applySpecialNodeParameters (private) does to every loaded node. */
function postProcessLikeLoader(nodeType: AnyNodeType): void {
	const versions = 'nodeVersions' in nodeType ? Object.values(nodeType.nodeVersions) : [nodeType];
	for (const version of versions) {
		if (version.description.polling) {
			version.description.properties.unshift(...commonPollingParameters);
		}
		DirectoryLoader.applyDeclarativeNodeOptionParameters(version);
	}
}

export class HarnessRegistry {
	private readonly nodes = new Map<string, AnyNodeType>();

	private readonly credentials = new Map<string, ICredentialType>();

	private readonly lazyNodes: LazyEntry[] = [];

	private readonly lazyCredentials: LazyEntry[] = [];

	/** npm package name used to build full node type names. */
	packageName = PACKAGE_NAME;

	constructor(
		nodeTypes: Array<Instantiable<AnyNodeType>> = [],
		credentialTypes: Array<Instantiable<ICredentialType>> = [],
	) {
		for (const entry of nodeTypes) this.addNode(instantiate(entry));
		for (const entry of credentialTypes) this.addCredential(instantiate(entry));
	}

	/** Loads a (built) package folder exactly as n8n loads a community package: from its package.json `n8n` section. */
	static async fromPackageDirectory(dir: string): Promise<HarnessRegistry> {
		const loader = new PackageDirectoryLoader(dir);
		await loader.loadAll();
		const registry = new HarnessRegistry();
		registry.packageName = loader.packageName;
		// The loader already post-processed the descriptions; take its objects as they are.
		for (const [name, { type }] of Object.entries(loader.nodeTypes)) registry.nodes.set(name, type);
		for (const [name, { type }] of Object.entries(loader.credentialTypes)) {
			registry.credentials.set(name, type);
		}
		return registry;
	}

	/** Registers source files that are required only when first looked up. */
	addLazy(kind: 'node' | 'credential', entries: LazyEntry[]): this {
		(kind === 'node' ? this.lazyNodes : this.lazyCredentials).push(...entries);
		return this;
	}

	addNode(nodeType: AnyNodeType): void {
		postProcessLikeLoader(nodeType);
		this.nodes.set(nodeType.description.name, nodeType);
	}

	addCredential(credentialType: ICredentialType): void {
		this.credentials.set(credentialType.name, credentialType);
	}

	/** 'reviewCollection' -> 'n8n-nodes-review-collection.reviewCollection'; full names pass through. */
	fullNodeType(nodeType: string): string {
		return nodeType.includes('.') ? nodeType : `${this.packageName}.${nodeType}`;
	}

	getNode(nodeType: string): AnyNodeType {
		const name = nodeType.slice(nodeType.lastIndexOf('.') + 1);
		if (!this.nodes.has(name)) {
			const lazy = this.lazyNodes.find((entry) => entry.name === name);
			if (lazy) this.addNode(loadLazy<AnyNodeType>(lazy));
		}
		const found = this.nodes.get(name);
		if (!found) {
			throw new UnexpectedError(
				`Unknown node type "${nodeType}" (registered: ${[...this.nodes.keys()].join(', ') || 'none'})`,
			);
		}
		return found;
	}

	getCredential(credentialType: string): ICredentialType {
		if (!this.credentials.has(credentialType)) {
			const lazy = this.lazyCredentials.find((entry) => entry.name === credentialType);
			if (lazy) this.addCredential(loadLazy<ICredentialType>(lazy));
		}
		const found = this.credentials.get(credentialType);
		if (!found) {
			throw new UnexpectedError(
				`Unknown credential type "${credentialType}" (registered: ${[...this.credentials.keys()].join(', ') || 'none'})`,
			);
		}
		return found;
	}

	/** Every node type that can be loaded (lazy sources that do not exist yet are skipped). */
	allNodeTypes(): AnyNodeType[] {
		for (const { name } of this.lazyNodes) {
			try {
				this.getNode(name);
			} catch {
				// Not written yet: simply not part of the registry.
			}
		}
		return [...this.nodes.values()];
	}

	/** The INodeTypes the Workflow and the engine use. */
	readonly nodeTypes: INodeTypes = {
		getByName: (nodeType) => this.getNode(nodeType),
		getByNameAndVersion: (nodeType, version) =>
			NodeHelpers.getVersionedNodeType(this.getNode(nodeType), version),
		getKnownTypes: (): IDataObject => {
			const names = new Set([...this.nodes.keys(), ...this.lazyNodes.map(({ name }) => name)]);
			return Object.fromEntries(
				[...names].map((name) => [this.fullNodeType(name), { className: name }]),
			);
		},
	};

	/** The ICredentialTypes the credentials helper uses (same contract as the app's CredentialTypes). */
	readonly credentialTypes: ICredentialTypes = {
		recognizes: (credentialType) => {
			try {
				return !!this.getCredential(credentialType);
			} catch {
				return false;
			}
		},
		getByName: (credentialType) => this.getCredential(credentialType),
		// Full names of the nodes that list this credential, as the app's loader infers them.
		getSupportedNodes: (credentialType) =>
			this.allNodeTypes()
				.filter((nodeType) =>
					NodeHelpers.getVersionedNodeType(nodeType).description.credentials?.some(
						({ name }) => name === credentialType,
					),
				)
				.map((nodeType) => this.fullNodeType(nodeType.description.name)),
		getParentTypes: (typeName) => {
			const parents = this.getCredential(typeName).extends ?? [];
			return parents.flatMap((parent) => [parent, ...this.credentialTypes.getParentTypes(parent)]);
		},
	};
}

const root = (relative: string) => `${__dirname}/../../${relative}`;

/** Our own nodes and credentials, from source, required lazily. */
export function defaultRegistry(): HarnessRegistry {
	return new HarnessRegistry()
		.addLazy('node', [
			{
				name: 'reviewCollection',
				file: root('nodes/ReviewCollection/ReviewCollection.node'),
				className: 'ReviewCollection',
			},
			{
				name: 'reviewCollectionTrigger',
				file: root('nodes/ReviewCollectionTrigger/ReviewCollectionTrigger.node'),
				className: 'ReviewCollectionTrigger',
			},
		])
		.addLazy('credential', [
			{
				name: 'reviewCollectionAgencyApi',
				file: root('credentials/ReviewCollectionAgencyApi.credentials'),
				className: 'ReviewCollectionAgencyApi',
			},
			{
				name: 'reviewCollectionProjectApi',
				file: root('credentials/ReviewCollectionProjectApi.credentials'),
				className: 'ReviewCollectionProjectApi',
			},
			// n8n's own (n8n-nodes-base): Diagnostics → Explain Trigger reads n8n's public API with it.
			{
				name: 'n8nApi',
				file: 'n8n-nodes-base/dist/credentials/N8nApi.credentials',
				className: 'N8nApi',
			},
		]);
}
