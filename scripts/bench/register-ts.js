/**
 * Transpile-only require hook for the benchmark: lets plain `node` load the TypeScript harness,
 * simulator and node sources (CommonJS, no type checking: `npm run build` type-checks first).
 */
const fs = require('node:fs');
const ts = require('typescript');

const options = {
	module: ts.ModuleKind.CommonJS,
	target: ts.ScriptTarget.ES2021,
	esModuleInterop: true,
	isolatedModules: true,
	sourceMap: false,
	inlineSourceMap: false,
};

require.extensions['.ts'] = function compileTs(module, filename) {
	const source = fs.readFileSync(filename, 'utf8');
	const { outputText } = ts.transpileModule(source, {
		compilerOptions: options,
		fileName: filename,
	});
	module._compile(outputText, filename);
};

// `require('…/ReviewCollection.node')` must find the .ts source before the codex `ReviewCollection.node.json`
// (as jest's moduleFileExtensions order does): lookup follows the key order of require.extensions.
for (const extension of ['.json', '.node']) {
	const handler = require.extensions[extension];
	delete require.extensions[extension];
	require.extensions[extension] = handler;
}
