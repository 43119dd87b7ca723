#!/usr/bin/env node
// n8n's community-package scanner (@n8n/scan-community-package) run on this package twice: on the
// source, and on the extracted `npm pack` tarball, which is what n8n users install.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-scan-'));
// The scanner makes a temp folder when it is loaded and never removes it (the `tmp` package without
// graceful cleanup): point TMPDIR at our folder first, so removing ours removes everything.
process.env.TMPDIR = work;
let failed = false;

async function scan(scanner, label, dir, patterns) {
	const result = await scanner.analyzePackage(dir, patterns);
	console.log(
		`scan ${label}: ${result.passed ? 'passed' : 'FAILED'}${result.message ? ` (${result.message})` : ''}`,
	);
	if (!result.passed) {
		failed = true;
		if (result.details) console.log(result.details);
	}
}

try {
	const scanner = await import('@n8n/scan-community-package/scanner/scanner.mjs');
	await scan(scanner, 'source', root, scanner.SOURCE_FILE_PATTERNS);
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
			cwd: root,
			encoding: 'utf8',
		}),
	);
	const tarball = path.join(work, packed[0].filename);
	execFileSync('tar', ['-xzf', tarball, '-C', work]);
	await scan(
		scanner,
		`tarball ${packed[0].filename} (${packed[0].entryCount} files)`,
		path.join(work, 'package'),
		['**/*.js', 'package.json'],
	);
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
