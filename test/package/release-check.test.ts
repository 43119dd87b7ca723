import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * scripts/release-check.mjs, run as the publish workflow and `npm publish` run it, on a copy of the
 * package's package.json and CHANGELOG.md: the placeholder repository, inconsistent metadata, a tag
 * or repository that npm's provenance check would reject, and a version without a changelog entry
 * are refused; `release:set-repository` writes what then passes.
 */
const root = path.resolve(__dirname, '../..');
const script = path.join(root, 'scripts/release-check.mjs');
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function copyOfPackage(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-release-'));
	copies.push(dir);
	fs.mkdirSync(path.join(dir, 'scripts'));
	fs.copyFileSync(script, path.join(dir, 'scripts/release-check.mjs'));
	for (const file of ['package.json', 'CHANGELOG.md']) {
		fs.copyFileSync(path.join(root, file), path.join(dir, file));
	}
	// The repository as shipped today: the placeholder, whatever the lead has set by now.
	run(dir, ['--set-repository', 'YOUR-GITHUB-OWNER/n8n-nodes-review-collection']);
	return dir;
}

function run(dir: string, args: string[] = []) {
	const result = spawnSync(process.execPath, [script, '--dir', dir, ...args], { encoding: 'utf8' });
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const readManifest = (dir: string) =>
	JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const editManifest = (dir: string, edit: (manifest: Record<string, any>) => void) => {
	const manifest = readManifest(dir);
	edit(manifest);
	fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
};

it('refuses the placeholder repository and names the one command that sets it', () => {
	const dir = copyOfPackage();

	const { status, output } = run(dir);

	expect(status).toBe(1);
	expect(output).toContain('placeholder (YOUR-GITHUB-OWNER/n8n-nodes-review-collection)');
	expect(output).toContain('npm run release:set-repository -- <owner>/<name>');
});

it('npm publish runs the check first (prepublishOnly) when scripts are on, as the workflow publishes', () => {
	const dir = copyOfPackage();

	const result = spawnSync(
		'npm',
		['publish', '--dry-run', '--ignore-scripts=false', '--registry', 'http://127.0.0.1:9/'],
		{ cwd: dir, encoding: 'utf8' },
	);

	expect(result.status).not.toBe(0);
	expect(`${result.stdout}${result.stderr}`).toContain(
		'release-check: repository is still the placeholder',
	);
});

it('set-repository writes repository, homepage and bugs, and changes nothing else', () => {
	const dir = copyOfPackage();
	const before = readManifest(dir);

	execFileSync(process.execPath, [script, '--dir', dir, '--set-repository', 'acme/n8n-nodes-rc']);

	const after = readManifest(dir);
	expect(after.repository).toEqual({
		type: 'git',
		url: 'git+https://github.com/acme/n8n-nodes-rc.git',
	});
	expect(after.homepage).toBe('https://github.com/acme/n8n-nodes-rc#readme');
	expect(after.bugs).toEqual({ url: 'https://github.com/acme/n8n-nodes-rc/issues' });
	const rest = (manifest: Record<string, any>) => {
		const { repository: _r, homepage: _h, bugs: _b, ...others } = manifest;
		return others;
	};
	expect(rest(after)).toEqual(rest(before));
	expect(Object.keys(after)).toEqual(Object.keys(before));
	const version = after.version as string;
	expect(
		run(dir, ['--expect-repository', 'acme/n8n-nodes-rc', '--expect-tag', `v${version}`]),
	).toEqual({ status: 0, output: expect.stringContaining('ready to publish') });
});

it.each([
	[
		'another repository than the one the workflow runs in',
		['--expect-repository', 'mallory/fork'],
		/npm would reject the provenance/,
	],
	[
		'a tag that is not v<version>',
		['--expect-tag', 'v99.0.0'],
		/tag v99\.0\.0 does not match the package version/,
	],
	['a bare version tag', ['--expect-tag', '99.0.0'], /tag 99\.0\.0 does not match/],
])('refuses %s', (_case, args, message) => {
	const dir = copyOfPackage();
	run(dir, ['--set-repository', 'acme/n8n-nodes-rc']);

	const { status, output } = run(dir, args);

	expect(status).toBe(1);
	expect(output).toMatch(message);
});

it('refuses a homepage or bugs URL that is not the repository’s', () => {
	const dir = copyOfPackage();
	run(dir, ['--set-repository', 'acme/n8n-nodes-rc']);
	editManifest(dir, (manifest) => {
		manifest.homepage = 'https://example.com';
		manifest.bugs = { url: 'https://github.com/other/repo/issues' };
	});

	const { status, output } = run(dir);

	expect(status).toBe(1);
	expect(output).toContain('homepage must be https://github.com/acme/n8n-nodes-rc#readme');
	expect(output).toContain('bugs.url must be https://github.com/acme/n8n-nodes-rc/issues');
});

it('refuses a version without a CHANGELOG.md section', () => {
	const dir = copyOfPackage();
	run(dir, ['--set-repository', 'acme/n8n-nodes-rc']);
	editManifest(dir, (manifest) => {
		manifest.version = '99.1.0';
	});

	const { status, output } = run(dir, ['--expect-tag', 'v99.1.0']);

	expect(status).toBe(1);
	expect(output).toContain('CHANGELOG.md has no "## [99.1.0]" section');
});
