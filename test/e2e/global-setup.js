/** jest globalSetup of the e2e suite: installs the real n8n app into its cache folder (no-op when installed). */
const n8n = require('../../scripts/n8n/n8n-app');

module.exports = function globalSetup() {
	process.env.NO_PROXY = '127.0.0.1,localhost';
	process.env.no_proxy = '127.0.0.1,localhost';
	const started = Date.now();
	const { node, bin } = n8n.ensureInstalled();
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	process.stdout.write(`\n[e2e] n8n ready in ${seconds}s: ${bin} (node ${node})\n`);
};
