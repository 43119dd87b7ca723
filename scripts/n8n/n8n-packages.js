'use strict';
// Community packages: pack a package dir, and install the tarball into a user folder the
// way n8n 2.41.1 itself installs community packages
// (dist/modules/community-packages/community-packages.service.js, downloadPackage()).
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/**
 * `npm pack` of a package directory into outDir (default: a temp dir). Scripts off, so
 * nothing in the package's repo is built or changed. Resolves the tarball's absolute path.
 */
function packPackage(packageDir, outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-pack-'))) {
	const out = execFileSync(
		'npm',
		['pack', '--json', '--ignore-scripts', '--pack-destination', outDir],
		{
			cwd: packageDir,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	const [info] = JSON.parse(out.slice(out.indexOf('[')));
	return path.join(outDir, info.filename);
}

/** package.json inside a tarball (npm tarballs keep it at package/package.json). */
function readTarballPackageJson(tarball) {
	return JSON.parse(
		execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
	);
}

/**
 * Installs a community package tarball into <dir>/.n8n/nodes/node_modules/<name>, as n8n does:
 * unpack it there, drop devDependencies/peerDependencies/optionalDependencies from its
 * package.json (n8n-workflow etc. come from n8n itself), `npm install` its own dependencies
 * with scripts off, and record it in <dir>/.n8n/nodes/package.json. At start, n8n scans
 * .n8n/nodes/node_modules and loads every package there (no DB entry needed).
 * Call before starting n8n / running the CLI. Returns { name, version, dir }.
 */
function installCommunityPackage(folder, tarball) {
	const pkg = readTarballPackageJson(tarball);
	const nodesDir = path.join(folder.dir, '.n8n', 'nodes');
	const dest = path.join(nodesDir, 'node_modules', pkg.name);
	fs.rmSync(dest, { recursive: true, force: true });
	fs.mkdirSync(dest, { recursive: true });
	execFileSync('tar', ['-xzf', path.resolve(tarball), '-C', dest, '--strip-components=1']);

	const pkgJsonPath = path.join(dest, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...kept } = pkg;
	fs.writeFileSync(pkgJsonPath, JSON.stringify(kept, null, 2));
	if (kept.dependencies && Object.keys(kept.dependencies).length > 0) {
		// n8n's exact flags. Only runs when the package has runtime dependencies (npm registry).
		execFileSync(
			'npm',
			[
				'install',
				'--audit=false',
				'--fund=false',
				'--bin-links=false',
				'--install-strategy=shallow',
				'--ignore-scripts=true',
				'--package-lock=false',
			],
			{
				cwd: dest,
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
	}

	const manifestPath = path.join(nodesDir, 'package.json');
	let manifest = { name: 'installed-nodes', private: true, dependencies: {} };
	if (fs.existsSync(manifestPath)) manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
	manifest.dependencies = { ...(manifest.dependencies || {}), [pkg.name]: pkg.version };
	fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	return { name: pkg.name, version: pkg.version, dir: dest };
}

/** Deletes a user folder made by createUserFolder (stop its server first). */
function removeUserFolder(folder) {
	fs.rmSync(folder.dir, { recursive: true, force: true });
}

module.exports = { packPackage, readTarballPackageJson, installCommunityPackage, removeUserFolder };
