import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { HarnessRegistry, runNode } from '../harness';
import { useSimulator } from '../harness/simulator-env';

/**
 * The package as n8n loads it: n8n-core's PackageDirectoryLoader reads the `n8n` section of
 * package.json and requires the built files, so a wrong path or class name fails here.
 * `npm test` builds dist/ before jest runs.
 */
const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const env = useSimulator();
const unpacked: string[] = [];
afterAll(() => unpacked.forEach((work) => fs.rmSync(work, { recursive: true, force: true })));

function unpackTarball(): string {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-pack-'));
	unpacked.push(work);
	const [packed] = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
			cwd: root,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore'],
		}),
	);
	execFileSync('tar', ['-xzf', path.join(work, packed.filename), '-C', work]);
	const dir = path.join(work, 'package');
	// n8n provides its own n8n-workflow to community packages; link the one the engine uses.
	fs.mkdirSync(path.join(dir, 'node_modules'));
	fs.symlinkSync(
		path.join(root, 'node_modules/n8n-workflow'),
		path.join(dir, 'node_modules/n8n-workflow'),
	);
	return dir;
}

describe.each([
	['the built package directory', () => root],
	['the unpacked npm tarball', unpackTarball],
])('%s', (_label, directory) => {
	let registry: HarnessRegistry;
	let dir: string;

	beforeAll(async () => {
		dir = directory();
		registry = await HarnessRegistry.fromPackageDirectory(dir);
	});

	it('holds exactly the files the n8n section names, and no runtime dependencies', () => {
		const packed = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
		expect(packed.dependencies ?? {}).toEqual({});
		expect(Object.keys(packed.peerDependencies)).toEqual(['n8n-workflow']);
		for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) {
			expect(fs.existsSync(path.join(dir, file))).toBe(true);
		}
	});

	it('registers the nodes and credentials under their contract names', () => {
		const type = registry.nodeTypes.getByNameAndVersion(
			'n8n-nodes-review-collection.reviewCollection',
			1,
		);
		expect(type.description.name).toBe('reviewCollection');
		expect(type.description.usableAsTool).toBe(true);
		expect(registry.credentialTypes.getByName('reviewCollectionAgencyApi').displayName).toBe(
			'Review Collection Agency API',
		);
		expect(registry.credentialTypes.getByName('reviewCollectionProjectApi').displayName).toBe(
			'Review Collection Project API',
		);
	});

	it('runs an operation of the loaded node against the simulator', async () => {
		const { items, error } = await runNode({
			registry,
			parameters: { resource: 'review', operation: 'getAll', returnAll: true },
			credentials: env.projectCredentials(),
		});

		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(env.requests('GET', '/project/reviews')).toHaveLength(1);
	});
});
