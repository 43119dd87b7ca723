import { join } from 'node:path';
import { HarnessRegistry } from './index';
test('x', async () => { try { await HarnessRegistry.fromPackageDirectory(join(__dirname, 'fixtures/package-broken')); } catch (e) { console.log((e as Error).constructor.name, (e as Error).message); } });
