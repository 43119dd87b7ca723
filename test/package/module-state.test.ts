/**
 * Issue 30 item 6, "State passed, not hidden": what one execution keeps is one object the router
 * creates and passes down (actions/execution.ts, transport/execution.ts), never module memory keyed by
 * the context object. Module-level stores in nodes/ are only in transport/memory.ts, for what must
 * outlive an execution: what a trigger remembers between its polls.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '../..');

function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sources(path);
		return path.endsWith('.ts') ? [path] : [];
	});
}

/** `const|let name = new Map|WeakMap|Set|WeakSet` at the top level of a module (no indentation). */
const STORE = /^(?:export )?(?:const|let) (\w+)\s*=\s*new (?:Weak)?(?:Map|Set)\b/gm;

const stores = sources(join(root, 'nodes')).flatMap((path) =>
	[...readFileSync(path, 'utf8').matchAll(STORE)].map(
		(match) => `${relative(root, path)}: ${match[1]}`,
	),
);

it('module-level stores are only in transport/memory.ts', () => {
	expect(
		stores.filter((store) => !store.startsWith('nodes/ReviewCollection/transport/memory.ts:')),
	).toEqual([]);
});

it('memory.ts holds nothing of one execution: only what a trigger keeps between polls', () => {
	const perExecution = ['executionCredentials', 'backoffGates', 'answeredRequests', 'lastSettings'];
	expect(
		stores.filter((store) => perExecution.some((name) => store.endsWith(`: ${name}`))),
	).toEqual([]);
	expect(stores.every((store) => /: (trigger\w+|pollContexts)$/.test(store))).toBe(true);
});
