// n8n's rules for community nodes: eslint-plugin-n8n-nodes-base (community / credentials / nodes) and
// @n8n/eslint-plugin-community-nodes (recommended: what the verification programme checks).
import tsParser from '@typescript-eslint/parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import communityNodes from '@n8n/eslint-plugin-community-nodes';

const { ignores: _ignored, ...recommended } = communityNodes.configs.recommended;

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'scripts/**', 'examples/**', 'coverage/**', 'eslint.config.mjs', 'jest.config.js'] },
	{
		files: ['**/*.ts', 'package.json'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module', extraFileExtensions: ['.json'] } },
		...recommended,
	},
	{
		files: ['package.json'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// As in n8n-nodes-starter: community credentials link to a full URL, not an n8n docs slug.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// As in n8n-nodes-starter: `NodeConnectionTypes.Main` is the current form of ['main'].
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
];
