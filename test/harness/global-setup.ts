/** jest globalSetup: one fresh n8n user folder for the whole run, removed when jest exits. */
import { rmSync } from 'node:fs';

import { applyTestEnvironment } from './test-environment';

export default function globalSetup(): void {
	const created = applyTestEnvironment();
	// Workers inherit process.env; the folder goes away with the parent process.
	if (created) process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}
