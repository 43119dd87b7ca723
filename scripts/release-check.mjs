#!/usr/bin/env node
/**
 * The package's release metadata, checked before every publish (`prepublishOnly`, and the publish
 * workflow with the tag and repository it runs for).
 *
 * The ONE place to decide before the first release is the GitHub repository: run
 *   npm run release:set-repository -- <owner>/<name>
 * which writes `repository`, `homepage` and `bugs` of package.json from it. Until then they hold the
 * placeholder owner below and publishing is refused. npm verifies a provenance statement against
 * `repository.url`: it must name the repository the publish workflow runs in, or npm rejects the
 * upload (E422).
 *
 * Usage: node scripts/release-check.mjs [--dir <package dir>] [--set-repository <owner>/<name>]
 *        [--expect-repository <owner>/<name>] [--expect-tag <git tag>]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PLACEHOLDER_OWNER = 'YOUR-GITHUB-OWNER';
const REPOSITORY_URL = /^git\+https:\/\/github\.com\/([\w.-]+)\/([\w.-]+?)\.git$/;
const SLUG = /^([\w.-]+)\/([\w.-]+)$/;

/** The metadata fields package.json gets for a GitHub repository `owner/name`. */
export function metadataFor(slug) {
	const web = `https://github.com/${slug}`;
	return {
		repository: { type: 'git', url: `git+${web}.git` },
		homepage: `${web}#readme`,
		bugs: { url: `${web}/issues` },
	};
}

/** Every reason the package in `dir` is not ready to publish (an empty list when it is). */
export function releaseProblems(dir, { expectRepository, expectTag } = {}) {
	const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
	const problems = [];
	const match = REPOSITORY_URL.exec(manifest.repository?.url ?? '');
	if (!match) {
		problems.push(
			`repository.url must be git+https://github.com/<owner>/<name>.git, is "${manifest.repository?.url}"`,
		);
	} else {
		const slug = `${match[1]}/${match[2]}`;
		if (match[1] === PLACEHOLDER_OWNER) {
			problems.push(
				`repository is still the placeholder (${slug}): run npm run release:set-repository -- <owner>/<name>`,
			);
		}
		const expected = metadataFor(slug);
		if (manifest.homepage !== expected.homepage) {
			problems.push(`homepage must be ${expected.homepage}, is "${manifest.homepage}"`);
		}
		if (manifest.bugs?.url !== expected.bugs.url) {
			problems.push(`bugs.url must be ${expected.bugs.url}, is "${manifest.bugs?.url}"`);
		}
		if (expectRepository && slug !== expectRepository) {
			problems.push(
				`repository is ${slug} but this runs in ${expectRepository}: npm would reject the provenance`,
			);
		}
	}
	if (expectTag && expectTag !== `v${manifest.version}`) {
		problems.push(
			`tag ${expectTag} does not match the package version (expected v${manifest.version})`,
		);
	}
	const changelog = path.join(dir, 'CHANGELOG.md');
	const released = fs.existsSync(changelog) ? fs.readFileSync(changelog, 'utf8') : '';
	if (!released.includes(`\n## [${manifest.version}]`)) {
		problems.push(`CHANGELOG.md has no "## [${manifest.version}]" section`);
	}
	return problems;
}

/** Writes the metadata for `slug` into package.json, keeping every other field and the key order. */
export function setRepository(dir, slug) {
	if (!SLUG.test(slug)) throw new Error(`expected <owner>/<name>, got "${slug}"`);
	const file = path.join(dir, 'package.json');
	const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
	Object.assign(manifest, metadataFor(slug));
	fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

function option(args, name) {
	const index = args.indexOf(name);
	return index === -1 ? undefined : args[index + 1];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const args = process.argv.slice(2);
	const dir = path.resolve(
		option(args, '--dir') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
	);
	const slug = option(args, '--set-repository');
	if (slug) {
		setRepository(dir, slug);
		console.log(`package.json: repository, homepage and bugs now point at github.com/${slug}`);
	} else {
		const problems = releaseProblems(dir, {
			expectRepository: option(args, '--expect-repository'),
			expectTag: option(args, '--expect-tag'),
		});
		for (const problem of problems) console.error(`release-check: ${problem}`);
		if (problems.length > 0) process.exit(1);
		console.log('release-check: package.json and CHANGELOG.md are ready to publish');
	}
}
