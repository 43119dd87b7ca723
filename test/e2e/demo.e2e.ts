/**
 * `npm run demo -- --check`: the demo starts (simulator, n8n with the package, credentials,
 * examples, owner), proves over REST that the nodes and workflows are there, stops everything
 * and exits 0. Ports: any free ones, so a running demo or n8n does not get in the way.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const DEMO = path.resolve(__dirname, '../../scripts/demo.js');

it('npm run demo -- --check starts, passes its self-check and leaves nothing behind', async () => {
	const child = spawn(
		process.execPath,
		[DEMO, '--check', '--no-build', '--port', '0', '--sim-port', '0'],
		{
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let out = '';
	child.stdout.on('data', (d) => (out += d));
	child.stderr.on('data', (d) => (out += d));
	const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
	if (code !== 0) throw new Error(`demo --check exited ${code}:\n${out.slice(-6000)}`);
	expect(out).toMatch(
		/node types listed: n8n-nodes-review-collection\.reviewCollection, n8n-nodes-review-collection\.reviewCollectionTrigger/,
	);
	expect(out).toMatch(/workflows: .*rcExampleReply01.*rcExampleCharge1.*rcExampleAgency1/);
	expect(out).toMatch(/n8n stopped \(process group \d+ gone\)/);
	expect(out).toMatch(/demo check OK/);
	const pid = Number(/process group (\d+) gone/.exec(out)![1]);
	expect(() => process.kill(-pid, 0)).toThrow();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Every 127.0.0.1 port the demo printed (n8n, simulator, PostgreSQL, Redis). */
const portsIn = (text: string) => [
	...new Set([...text.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]))),
];
const isOpen = (port: number) =>
	new Promise<boolean>((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => (socket.destroy(), resolve(true)));
		socket.once('error', () => resolve(false));
	});

describe('npm run demo stops cleanly', () => {
	it.each([
		['SIGTERM to the npm process', 'SIGTERM', false],
		['SIGINT to the npm process', 'SIGINT', false],
		['Ctrl-C (SIGINT to the whole process group)', 'SIGINT', true],
	] as const)(
		'%s: n8n and the simulator stop, the folder is deleted',
		async (_what, signal, group) => {
			const npm = spawn(
				'npm',
				['run', 'demo', '--', '--no-build', '--port', '0', '--sim-port', '0'],
				{
					cwd: path.resolve(__dirname, '../..'),
					stdio: ['ignore', 'pipe', 'pipe'],
					detached: true,
				},
			);
			let out = '';
			npm.stdout.on('data', (d) => (out += d));
			npm.stderr.on('data', (d) => (out += d));
			// 'close' waits for every holder of the output pipes: npm and the demo it started.
			const closed = new Promise((resolve) => npm.on('close', resolve));
			try {
				for (let waited = 0; !out.includes('Press Ctrl-C'); waited += 250) {
					if (waited > 240_000 || npm.exitCode !== null)
						throw new Error(`demo did not start:\n${out.slice(-4000)}`);
					await sleep(250);
				}
				const ports = portsIn(out);
				const folder = /into (\/\S+)\/\.n8n\/nodes/.exec(out)![1];
				expect(ports.length).toBeGreaterThanOrEqual(2);
				expect(await Promise.all(ports.map(isOpen))).toEqual(ports.map(() => true));

				process.kill(group ? -npm.pid! : npm.pid!, signal);
				const stopped = await Promise.race([
					closed.then(() => true),
					sleep(60_000).then(() => false),
				]);
				if (!stopped)
					throw new Error(`the demo did not stop within 60 s of ${signal}:\n${out.slice(-3000)}`);
				expect(out).toMatch(/n8n stopped \(process group \d+ gone\)/);
				expect(await Promise.all(ports.map(isOpen))).toEqual(ports.map(() => false));
				expect(fs.existsSync(folder)).toBe(false);
			} finally {
				try {
					process.kill(-npm.pid!, 'SIGKILL');
				} catch {
					// already gone
				}
			}
		},
	);
});

it('npm run demo -- --check --queue runs the demo on queue mode and stops PostgreSQL, Redis and the workers', async () => {
	const child = spawn(
		process.execPath,
		[DEMO, '--check', '--queue', '--no-build', '--port', '0', '--sim-port', '0'],
		{
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let out = '';
	child.stdout.on('data', (d) => (out += d));
	child.stderr.on('data', (d) => (out += d));
	const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
	if (code !== 0) throw new Error(`demo --check --queue exited ${code}:\n${out.slice(-6000)}`);
	expect(out).toMatch(/PostgreSQL \d+ on 127\.0\.0\.1:\d+/);
	expect(out).toMatch(/Redis on 127\.0\.0\.1:\d+/);
	expect(out).toMatch(/2 n8n workers ready/);
	expect(out).toMatch(/demo check OK/);
	expect(out).toMatch(/queue mode stopped/);
	const ports = portsIn(out);
	expect(await Promise.all(ports.map(isOpen))).toEqual(ports.map(() => false));
});
