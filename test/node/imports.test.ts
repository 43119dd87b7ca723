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
		stacks?: string[][][],
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

		expect(checkImports(['src'], tree, [layers])).toEqual({
			cycles: [],
			upward: [['src/bottom/c.ts', 'src/top/a.ts']],
		});
		fs.rmSync(path.join(tree, 'src/bottom/c.ts'));
		expect(checkImports(['src'], tree, [layers])).toEqual({ cycles: [], upward: [] });
	});

	it('holds the trigger to its rooms (type-only imports too), apart from the action node', () => {
		const trigger = 'nodes/ReviewCollectionTrigger';
		tree = writeTree({
			[`${trigger}/poll.ts`]:
				"import { read } from './reading/watch';\nimport { cursor } from './state/cursor';\nexport const poll = [read, cursor];\n",
			[`${trigger}/projects.ts`]: 'export const projects = 1;\n',
			// Beside the poll: Fetch Test Event reads the projects as it does.
			[`${trigger}/fetch-test/fetch-test.ts`]:
				"import { projects } from '../projects';\nexport const fetch = projects;\n",
			[`${trigger}/reading/watch.ts`]:
				"import { walk } from '../walk/walk';\nexport const read = walk;\n",
			// Up: a room importing the root, a type the state takes from a rule above it.
			[`${trigger}/walk/walk.ts`]:
				"import { projects } from '../projects';\nexport const walk = projects;\n",
			[`${trigger}/rules/event-terms.ts`]: 'export type Terms = { end?: number };\n',
			[`${trigger}/state/cursor.ts`]:
				"import type { Terms } from '../rules/event-terms';\nimport { EVENTS } from '../events/events';\nexport const cursor: Terms | number = EVENTS;\n",
			// Another stack, whatever its layers' places: the action node's transport (the lowest room but
			// one of the trigger imports it), Explain Trigger reading the trigger's state.
			[`${trigger}/events/events.ts`]:
				"import { send } from '../../ReviewCollection/transport/send';\nexport const EVENTS = send;\n",
			'nodes/ReviewCollection/transport/send.ts': 'export const send = 1;\n',
			'nodes/ReviewCollection/actions/explain.ts':
				"import { cursor } from '../../ReviewCollectionTrigger/state/cursor';\nexport const explain = cursor;\n",
		});

		const { cycles, upward } = checkImports(['nodes'], tree);
		expect(cycles).toEqual([]);
		expect(upward.sort()).toEqual([
			[`${trigger}/state/cursor.ts`, `${trigger}/rules/event-terms.ts`],
			[`${trigger}/walk/walk.ts`, `${trigger}/projects.ts`],
		]);
		const cli = spawnSync(process.execPath, [script, 'nodes'], { cwd: tree, encoding: 'utf8' });
		expect(cli.status).toBe(1);
		expect(cli.stdout).toContain(
			`import up the layers: ${trigger}/walk/walk.ts → ${trigger}/projects.ts`,
		);
	});
});
