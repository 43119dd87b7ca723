/**
 * `npm run demo -- --check`: the demo starts (simulator, n8n with the package, credentials,
 * examples, owner), proves over REST that the nodes and workflows are there, stops everything
 * and exits 0. Ports: any free ones, so a running demo or n8n does not get in the way.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const DEMO = path.resolve(__dirname, '../../scripts/demo.js');

it('npm run demo -- --check starts, passes its self-check and leaves nothing behind', async () => {
	const child = spawn(process.execPath, [DEMO, '--check', '--no-build', '--port', '0', '--sim-port', '0'], {
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let out = '';
	child.stdout.on('data', (d) => (out += d));
	child.stderr.on('data', (d) => (out += d));
	const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
	if (code !== 0) throw new Error(`demo --check exited ${code}:\n${out.slice(-6000)}`);
	expect(out).toMatch(/node types listed: n8n-nodes-review-collection\.reviewCollection, n8n-nodes-review-collection\.reviewCollectionTrigger/);
	expect(out).toMatch(/workflows: .*rcExampleReply01.*rcExampleCharge1.*rcExampleAgency1/);
	expect(out).toMatch(/n8n stopped \(process group \d+ gone\)/);
	expect(out).toMatch(/demo check OK/);
	const pid = Number(/process group (\d+) gone/.exec(out)![1]);
	expect(() => process.kill(-pid, 0)).toThrow();
});
