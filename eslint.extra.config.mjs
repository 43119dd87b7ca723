// Second lint step (`npm run lint:extra`): what the old hand-written config checked and n8n's stock
// config (eslint.config.mjs, demanded byte for byte by strict mode) does not. The stock config spreads
// the same eslint-plugin-n8n-nodes-base rule sets but turns three more rules off; this runs the full
// sets on what is shipped, keeping only the two exceptions n8n-nodes-starter documents.
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

export default [
	{
		files: ['**/*.ts', 'package.json'],
		languageOptions: {
			parser: tseslint.parser,
			parserOptions: { sourceType: 'module', extraFileExtensions: ['.json'] },
		},
		plugins: { 'n8n-nodes-base': n8nNodesBase },
	},
	{ files: ['package.json'], rules: { ...n8nNodesBase.configs.community.rules } },
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// Community credentials link to a full documentation URL, not an n8n docs slug.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// `NodeConnectionTypes.Main` is the current form of ['main'].
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
];
