#!/usr/bin/env node
'use strict';
// Layers only point down (CONTRIBUTING.md, "Layout"). Reads every .ts file under the folders given (default:
// nodes and credentials) with the TypeScript compiler already in devDependencies, follows their
// relative imports and re-exports (type-only ones too: a type cycle is a layering cycle), and lists
// every import cycle and every import that points up the layers below. Exit code 1 when there is
// one. Used by `npm test`.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

/**
 * The action node's layers, top to bottom (paths from the repository root): a file may import from
 * its own layer and the layers below it, never from one above. Files outside every layer (the node
 * files) may import anything; nothing of a layer may import them (see the cycle).
 */
const ACTION_LAYERS = [
	['nodes/ReviewCollection/actions/', 'nodes/ReviewCollection/methods/'],
	['nodes/ReviewCollection/descriptors/'],
	['nodes/ReviewCollection/helpers/'],
	['nodes/ReviewCollection/transport/'],
	['credentials/'],
];

/**
 * The trigger's rooms, top to bottom (docs/trigger.md, "Layout"): the files at its folder's root (the
 * node, poll.ts and the poll's own pieces) with Fetch Test Event beside them, then what reads one list,
 * the pure walk, an event's own rule, the state, the events as data. A file belongs to the layer of the
 * longest prefix it starts with, so a room not listed here counts as the root (nothing below may
 * import it).
 */
const TRIGGER_LAYERS = [
	['nodes/ReviewCollectionTrigger/', 'nodes/ReviewCollectionTrigger/fetch-test/'],
	['nodes/ReviewCollectionTrigger/reading/'],
	['nodes/ReviewCollectionTrigger/walk/'],
	['nodes/ReviewCollectionTrigger/rules/'],
	['nodes/ReviewCollectionTrigger/state/'],
	['nodes/ReviewCollectionTrigger/events/'],
];

/**
 * One stack of layers per node: an import points up only within a stack (the trigger may import the
 * action node's transport/, descriptors/ and helpers/; Explain Trigger the trigger's state/account.ts).
 */
const LAYER_STACKS = [ACTION_LAYERS, TRIGGER_LAYERS];

/** Every .ts file below `dir` (absolute paths). */
function tsFiles(dir) {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return tsFiles(full);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
	});
}

/** The file a relative specifier names (`./x` → x.ts or x/index.ts), or undefined if none. */
function resolve(from, specifier) {
	if (!specifier.startsWith('.')) return undefined;
	const base = path.resolve(path.dirname(from), specifier);
	return [`${base}.ts`, path.join(base, 'index.ts'), base].find(
		(candidate) => candidate.endsWith('.ts') && fs.existsSync(candidate),
	);
}

/** file → the files it imports, for every .ts file below the given folders. */
function importGraph(dirs) {
	const graph = new Map();
	for (const file of dirs.flatMap(tsFiles)) {
		const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
		const targets = importedFiles
			.map((imported) => resolve(file, imported.fileName))
			.filter((target) => target !== undefined);
		graph.set(file, [...new Set(targets)]);
	}
	return graph;
}

/**
 * The cycles of the graph: one per strongly connected component with more than one file (or a file
 * importing itself), given as the files of one loop through it, starting and ending at the same file.
 */
function findCycles(graph) {
	let counter = 0;
	const index = new Map();
	const low = new Map();
	const stack = [];
	const onStack = new Set();
	const components = [];
	const visit = (file) => {
		index.set(file, counter);
		low.set(file, counter++);
		stack.push(file);
		onStack.add(file);
		for (const next of graph.get(file) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(file, Math.min(low.get(file), low.get(next)));
			} else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
		}
		if (low.get(file) !== index.get(file)) return;
		const component = [];
		let member;
		do {
			member = stack.pop();
			onStack.delete(member);
			component.push(member);
		} while (member !== file);
		if (component.length > 1 || (graph.get(file) ?? []).includes(file)) components.push(component);
	};
	for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
	return components.map((component) => loopThrough(graph, new Set(component)));
}

/** One loop through a component: a shortest path from its first file (sorted) back to it. */
function loopThrough(graph, members) {
	const start = [...members].sort()[0];
	const previous = new Map([[start, undefined]]);
	const queue = [start];
	while (queue.length > 0) {
		const file = queue.shift();
		for (const next of graph.get(file) ?? []) {
			if (!members.has(next)) continue;
			if (next === start) {
				const loop = [start];
				for (let at = file; at !== start; at = previous.get(at)) loop.splice(1, 0, at);
				return [...loop, start];
			}
			if (!previous.has(next)) {
				previous.set(next, file);
				queue.push(next);
			}
		}
	}
	return [start, start];
}

/**
 * The imports that point up: `[from, to]` where `to` is in a layer above the layer of `from`, in the
 * same stack.
 */
function upwardImports(graph, root, stacks) {
	const placeOf = (file) => {
		const relative = path.relative(root, file).split(path.sep).join('/');
		let place;
		stacks.forEach((layers, stack) =>
			layers.forEach((prefixes, layer) => {
				for (const prefix of prefixes) {
					if (!relative.startsWith(prefix)) continue;
					if (place === undefined || prefix.length > place.prefix.length)
						place = { stack, layer, prefix };
				}
			}),
		);
		return place;
	};
	const upward = [];
	for (const [from, targets] of graph) {
		const own = placeOf(from);
		if (own === undefined) continue;
		for (const to of targets) {
			const other = placeOf(to);
			if (other !== undefined && other.stack === own.stack && other.layer < own.layer)
				upward.push([from, to]);
		}
	}
	return upward;
}

/**
 * Checks the folders (relative to `root`): the import cycles, each a loop of repository-relative
 * paths, and the imports that point up the layers of `stacks` (each a list of layers, top to bottom),
 * each `[from, to]`.
 */
function checkImports(dirs, root = process.cwd(), stacks = LAYER_STACKS) {
	const graph = importGraph(dirs.map((dir) => path.resolve(root, dir)));
	const relative = (file) => path.relative(root, file).split(path.sep).join('/');
	return {
		cycles: findCycles(graph).map((loop) => loop.map(relative)),
		upward: upwardImports(graph, root, stacks).map((pair) => pair.map(relative)),
	};
}

module.exports = { checkImports, ACTION_LAYERS, TRIGGER_LAYERS, LAYER_STACKS };

if (require.main === module) {
	const dirs = process.argv.slice(2);
	const { cycles, upward } = checkImports(dirs.length > 0 ? dirs : ['nodes', 'credentials']);
	for (const loop of cycles) console.log(`import cycle: ${loop.join(' → ')}`);
	for (const [from, to] of upward) console.log(`import up the layers: ${from} → ${to}`);
	const problems = cycles.length + upward.length;
	console.log(
		problems === 0
			? 'imports: no cycle, every layer points down'
			: `imports: ${cycles.length} cycle(s), ${upward.length} import(s) up the layers (see above)`,
	);
	process.exitCode = problems === 0 ? 0 : 1;
}
