/**
 * jest globalSetup: a private temp folder for the run (see temp-folder.ts), and n8n's user folder
 * inside it. global-teardown.ts removes both and fails the run if a test left anything behind.
 */
import { applyTestEnvironment } from './test-environment';
import { openRunTempFolder } from './temp-folder';

export default function globalSetup(): void {
	openRunTempFolder();
	// Creates N8N_USER_FOLDER in os.tmpdir(), now the run's folder; workers inherit process.env.
	applyTestEnvironment();
}
