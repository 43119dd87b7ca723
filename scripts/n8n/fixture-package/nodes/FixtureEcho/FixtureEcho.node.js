'use strict';
// Trivial node: echoes its input items plus `message` and facts about its credential,
// so a CLI execution can prove the package and the imported credential were loaded.
class FixtureEcho {
	constructor() {
		this.description = {
			displayName: 'Fixture Echo',
			name: 'fixtureEcho',
			group: ['transform'],
			version: 1,
			description: 'Echoes items (smoke-test fixture)',
			defaults: { name: 'Fixture Echo' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'fixtureApi', required: false }],
			properties: [
				{ displayName: 'Message', name: 'message', type: 'string', default: 'hello' },
				{ displayName: 'Use Credential', name: 'useCredential', type: 'boolean', default: false },
			],
		};
	}

	async execute() {
		const items = this.getInputData();
		const out = [];
		for (let i = 0; i < items.length; i++) {
			const json = {
				...items[i].json,
				message: this.getNodeParameter('message', i),
				echoedBy: 'fixtureEcho',
			};
			if (this.getNodeParameter('useCredential', i)) {
				const creds = await this.getCredentials('fixtureApi');
				json.apiKeyLength = String(creds.apiKey || '').length;
				json.apiKeyPrefix = String(creds.apiKey || '').slice(0, 3);
			}
			out.push({ json });
		}
		return [out];
	}
}
module.exports = { FixtureEcho };
