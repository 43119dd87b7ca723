/** Shared steps of the dialect tests: the trigger's warnings as n8n's logger receives them. */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

/** Collects what the trigger warns through n8n's logger during each test. */
export function collectWarnings(): () => string[] {
	let spy: jest.SpyInstance | undefined;
	beforeEach(() => {
		spy = jest.spyOn(Container.get(Logger), 'warn').mockImplementation(() => undefined);
	});
	afterEach(() => spy?.mockRestore());
	return () => (spy?.mock.calls ?? []).map((call) => String(call[0]));
}
