// ESLint for the code that is not shipped: test/ and scripts/ (each folder's eslint.config.mjs
// re-exports this, so `files` patterns are relative to that folder). n8n's stock config
// (../eslint.config.mjs) lints what is shipped; its community-node rules (no `process`, no `node:fs`,
// no child processes) do not apply to tests and tooling, which run on a developer's machine or in CI.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{
		files: ['**/*.{ts,js,mjs}'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		languageOptions: { globals: { ...globals.node } },
		rules: {
			// Unused names are errors, except the `_`-prefixed ones kept for a signature's shape.
			'@typescript-eslint/no-unused-vars': [
				'error',
				{
					argsIgnorePattern: '^_',
					varsIgnorePattern: '^_',
					ignoreRestSiblings: true,
				},
			],
			// The tooling in scripts/ is untyped CommonJS run by plain node; TypeScript code that
			// uses it (the e2e tests) can only require() it.
			'@typescript-eslint/no-require-imports': ['error', { allow: ['/scripts/'] }],
		},
	},
	{
		// Scripts and a few test helpers are CommonJS run by plain `node`: require() is their import.
		files: ['**/*.js'],
		languageOptions: { sourceType: 'commonjs' },
		rules: { '@typescript-eslint/no-require-imports': 'off' },
	},
	{
		files: ['**/*.test.ts', '**/*.e2e.ts', 'e2e/support/**/*.ts'],
		languageOptions: { globals: { ...globals.jest } },
		rules: {
			// Tests read JSON back from the simulator and n8n's REST API and assert on its shape:
			// `any` there stands for that JSON, and the assertion is the check.
			'@typescript-eslint/no-explicit-any': 'off',
		},
	},
);
