#!/usr/bin/env node
/**
 * Build: type-check and compile with tsc into dist/, then copy what n8n loads besides JavaScript
 * (icons and codex .node.json files), keeping their relative paths. Equivalent to `n8n-node build`
 * without its dependencies.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');

fs.rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
	cwd: root,
	stdio: 'inherit',
});

let copied = 0;
function copyAssets(directory) {
	for (const entry of fs.readdirSync(path.join(root, directory), { withFileTypes: true })) {
		const relative = path.join(directory, entry.name);
		if (entry.isDirectory()) copyAssets(relative);
		else if (/\.(svg|png|json)$/.test(entry.name)) {
			fs.mkdirSync(path.join(dist, directory), { recursive: true });
			fs.copyFileSync(path.join(root, relative), path.join(dist, relative));
			copied++;
		}
	}
}
copyAssets('nodes');
copyAssets('credentials');
console.log(`build: compiled to dist/, copied ${copied} assets`);
