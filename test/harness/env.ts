/** jest setupFiles: runs in every test file before its modules load (globalSetup env is inherited, but be safe). */
import { applyTestEnvironment } from './test-environment';

applyTestEnvironment();
