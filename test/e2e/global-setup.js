/**
 * jest globalSetup of each e2e project (one per n8n line, jest.e2e.config.js): installs that line's
 * real n8n app into its cache folder (no-op when installed).
 */
const n8n = require('../../scripts/n8n/n8n-app');

module.exports = function globalSetup(_globalConfig, projectConfig) {
	process.env.NO_PROXY = '127.0.0.1,localhost';
	process.env.no_proxy = '127.0.0.1,localhost';
	const version = projectConfig.globals.N8N_APP_VERSION;
	const started = Date.now();
	const { node, bin } = n8n.ensureInstalled({ version });
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	process.stdout.write(`\n[e2e] n8n ${version} ready in ${seconds}s: ${bin} (node ${node})\n`);
};
