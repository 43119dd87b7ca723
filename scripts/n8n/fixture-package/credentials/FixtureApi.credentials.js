'use strict';
// Credential type of the fixture: proves import:credentials + decryption at run time.
class FixtureApi {
	constructor() {
		this.name = 'fixtureApi';
		this.displayName = 'Fixture API';
		this.properties = [
			{
				displayName: 'API Key',
				name: 'apiKey',
				type: 'string',
				typeOptions: { password: true },
				default: '',
			},
		];
	}
}
module.exports = { FixtureApi };
