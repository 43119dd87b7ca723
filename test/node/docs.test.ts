/**
 * The documents, offline: every relative link and anchor of README.md, CONTRIBUTING.md and docs/*.md
 * resolves (a file of the repository, a heading of that file as GitHub names its anchor), and every
 * contract section a comment of the code cites ("contract §8") is a section of docs/contract.md.
 * (Not run through n8n's engine: these are checks of text.)
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

const documents = [
	'README.md',
	'CONTRIBUTING.md',
	...fs
		.readdirSync(path.join(ROOT, 'docs'))
		.filter((file) => file.endsWith('.md'))
		.map((file) => `docs/${file}`),
];

/** Markdown without fenced code blocks and inline code (links there are examples, not links). */
function prose(text: string): string {
	return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces → '-', repeats numbered. */
export function anchorsOf(text: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	for (const [, heading] of text
		.replace(/^```[\s\S]*?^```/gm, '')
		.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
		const base = heading
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/ /g, '-');
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count ? `${base}-${count}` : base);
	}
	return anchors;
}

function links(file: string): string[] {
	return [...prose(read(file)).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)]
		.map((match) => match[1])
		.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('relative links and anchors resolve', () => {
	it('the documents exist', () => {
		for (const file of ['README.md', 'CONTRIBUTING.md', 'docs/contract.md'])
			expect({ file, exists: fs.existsSync(path.join(ROOT, file)) }).toEqual({
				file,
				exists: true,
			});
	});

	it.each(documents.filter((file) => fs.existsSync(path.join(ROOT, file))))('%s', (file) => {
		const broken: string[] = [];
		for (const link of links(file)) {
			const [target, anchor] = link.split('#');
			const resolved = target
				? path.relative(ROOT, path.resolve(ROOT, path.dirname(file), decodeURI(target)))
				: file;
			if (!fs.existsSync(path.join(ROOT, resolved))) {
				broken.push(`${link}: no file ${resolved}`);
				continue;
			}
			if (anchor === undefined) continue;
			if (!resolved.endsWith('.md') || !anchorsOf(read(resolved)).has(anchor))
				broken.push(`${link}: no heading #${anchor} in ${resolved}`);
		}
		expect(broken).toEqual([]);
	});

	it('the anchor rule is GitHub’s', () => {
		expect([
			...anchorsOf('# A b\n## Add an operation\n### Time zone (`getTimezone`)\n## A b'),
		]).toEqual(['a-b', 'add-an-operation', 'time-zone-gettimezone', 'a-b-1']);
	});
});

describe('README.md', () => {
	it('stays under 300 lines, for the person installing the package', () => {
		expect(read('README.md').split('\n').length).toBeLessThanOrEqual(300);
	});

	it("gives contributors the test command CI runs (.ci/run: npm ci, then the README's command)", () => {
		expect(read('README.md')).toMatch(/```bash\nnpm install\nnpm test\n```/);
		expect(read('.ci/run')).toMatch(/^npm ci\nnpm test$/m);
	});
});

describe('contract sections cited in the code exist', () => {
	const sections = new Set(
		[...read('docs/contract.md').matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1])),
	);

	function sourceFiles(folder: string): string[] {
		return fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
			const file = `${folder}/${entry.name}`;
			if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
			return /\.(ts|js|mjs|cjs)$/.test(entry.name) ? [file] : [];
		});
	}

	it('docs/contract.md has §1–§11', () => {
		expect([...sections]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
	});

	it('every "§N" in nodes/, credentials/, test/ and scripts/ names one of them', () => {
		const missing: string[] = [];
		for (const file of ['nodes', 'credentials', 'test', 'scripts'].flatMap(sourceFiles))
			for (const [cited, number] of read(file).matchAll(/§ ?(\d+)/g))
				if (!sections.has(Number(number))) missing.push(`${file}: ${cited}`);
		expect(missing).toEqual([]);
	});
});
