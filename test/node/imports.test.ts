/**
 * Layers only point down (CONTRIBUTING.md, "Layout"): scripts/import-cycles.js, run by `npm test`, finds every
 * import cycle and every import up the layers among nodes/ and credentials/. Here: the package has
 * none, and the checker does find them in small trees written for it (so it can fail).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const { checkImports } = require('../../scripts/import-cycles') as {
	checkImports(
		dirs: string[],
		root?: string,
		layers?: string[][],
	): { cycles: string[][]; upward: string[][] };
};

const repository = path.resolve(__dirname, '../..');
const script = path.join(repository, 'scripts/import-cycles.js');
let tree: string;

/** Writes `files` (path → source) into a fresh folder. */
function writeTree(files: Record<string, string>): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-imports-'));
	for (const [file, source] of Object.entries(files)) {
		fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
		fs.writeFileSync(path.join(dir, file), source);
	}
	return dir;
}

afterEach(() => {
	if (tree) fs.rmSync(tree, { recursive: true, force: true });
});

describe('imports of the shipped code', () => {
	it('nodes/ and credentials/ have no import cycle and no import up the layers', () => {
		expect(checkImports(['nodes', 'credentials'], repository)).toEqual({ cycles: [], upward: [] });
	});
});

describe('the import checker', () => {
	it('finds a cycle, type-only imports and index.ts included, and exits 1', () => {
		tree = writeTree({
			'src/router.ts': "import { list } from './actions';\nexport const run = () => list;\n",
			'src/actions/index.ts': "export { list } from './one';\n",
			'src/actions/one.ts':
				"import type { run } from '../router';\nexport const list: Array<typeof run> = [];\n",
			'src/leaf.ts': 'export const leaf = 1;\n',
		});

		expect(checkImports(['src'], tree, []).cycles).toEqual([
			['src/actions/index.ts', 'src/actions/one.ts', 'src/router.ts', 'src/actions/index.ts'],
		]);
		const cli = spawnSync(process.execPath, [script, 'src'], { cwd: tree, encoding: 'utf8' });
		expect(cli.status).toBe(1);
		expect(cli.stdout).toContain('import cycle: src/actions/index.ts → src/actions/one.ts');
	});

	it('finds an import up the layers, and passes a tree that points down', () => {
		tree = writeTree({
			'src/top/a.ts': "import { b } from '../bottom/b';\nexport const a = b;\n",
			'src/bottom/b.ts': 'export const b = 1;\n',
			'src/bottom/c.ts': "import { a } from '../top/a';\nexport const c = a;\n",
		});
		const layers = [['src/top/'], ['src/bottom/']];

		expect(checkImports(['src'], tree, layers)).toEqual({
			cycles: [],
			upward: [['src/bottom/c.ts', 'src/top/a.ts']],
		});
		fs.rmSync(path.join(tree, 'src/bottom/c.ts'));
		expect(checkImports(['src'], tree, layers)).toEqual({ cycles: [], upward: [] });
	});
});
