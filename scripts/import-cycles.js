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
 * its own layer and the layers below it, never from one above. Files outside every layer (the
 * trigger, the node files) may import anything; nothing of a layer may import them (see the cycle).
 */
const LAYERS = [
	['nodes/ReviewCollection/actions/', 'nodes/ReviewCollection/methods/'],
	['nodes/ReviewCollection/descriptors/'],
	['nodes/ReviewCollection/helpers/'],
	['nodes/ReviewCollection/transport/'],
	['credentials/'],
];

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

/** The imports that point up: `[from, to]` where `to` is in a layer above the layer of `from`. */
function upwardImports(graph, root, layers) {
	const layerOf = (file) => {
		const relative = path.relative(root, file).split(path.sep).join('/');
		return layers.findIndex((prefixes) => prefixes.some((prefix) => relative.startsWith(prefix)));
	};
	const upward = [];
	for (const [from, targets] of graph) {
		const own = layerOf(from);
		if (own < 0) continue;
		for (const to of targets) {
			const other = layerOf(to);
			if (other >= 0 && other < own) upward.push([from, to]);
		}
	}
	return upward;
}

/**
 * Checks the folders (relative to `root`): the import cycles, each a loop of repository-relative
 * paths, and the imports that point up the layers, each `[from, to]`.
 */
function checkImports(dirs, root = process.cwd(), layers = LAYERS) {
	const graph = importGraph(dirs.map((dir) => path.resolve(root, dir)));
	const relative = (file) => path.relative(root, file).split(path.sep).join('/');
	return {
		cycles: findCycles(graph).map((loop) => loop.map(relative)),
		upward: upwardImports(graph, root, layers).map((pair) => pair.map(relative)),
	};
}

module.exports = { checkImports, LAYERS };

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
