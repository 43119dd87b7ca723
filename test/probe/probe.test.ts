/**
 * npm run probe (scripts/probe/) against the simulator under every dialect (test/simulator/dialect.ts):
 * it reports `differs` for exactly the dialect's differences, never prints a key, and sends GETs only.
 * Not through n8n's engine: the probe is plain Node.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';

import { ApiSimulator } from '../simulator';
import { DIALECTS } from '../simulator/dialect';
import { seedForProbe } from './seed';

interface Result {
	id: string;
	guess: string;
	verdict: 'holds' | 'differs' | 'not checked';
	detail: string;
}
interface Report {
	ok: boolean;
	results: Result[];
	requests: Array<{ method: string; url: string }>;
	problem?: string;
}
const { runProbe, formatReport } = require('../../scripts/probe/probe') as {
	runProbe: (o: { baseUrl: string; projectKey: string; agencyKey?: string }) => Promise<Report>;
	formatReport: (baseUrl: string, report: Report, secrets?: string[]) => string;
};

const PAGE_SIZE_ROWS = [
	'page-size.reviews',
	'page-size.customers',
	'page-size.messages',
	'page-size.charges',
	'page-size.customer-charges',
	'page-size.customer-messages',
	'page-size.customer-reviews',
];

/** What each dialect chose otherwise than the package guesses: the rows the probe must call `differs`. */
const EXPECTED_DIFFERS: Record<string, string[]> = {
	guesses: [],
	'plural-facet': ['review.duplicate-facet', 'customer.facet-all'],
	'strict-25': ['review.duplicate-facet', 'largest-page'],
	'page-size-ignored': PAGE_SIZE_ROWS,
	'small-pages': ['largest-page'],
	'other-names': [
		'review.duplicate-facet',
		'review.source',
		'review.location',
		'review.score',
		'review.tag',
		'customer.email',
		'customer.search',
		'customer.tag',
		'customer.facet-all',
		'message.channel',
		'message.template',
		'message.status',
		'reviews.sort-dir',
		'customers.sort-dir',
		'messages.sort-dir',
	],
	'other-errors': ['error.body', 'error.validation-status'],
	// Records listed late: nothing a GET of records that have joined can show (docs/assumptions.md row 10).
	'late-joins': [],
};

/** Rows no GET can decide. */
const NEVER_CHECKED = ['reply.replied-at'];

async function probe(dialect: string, withAgency = true) {
	const sim = await ApiSimulator.start({ dialect, seed: false });
	try {
		const project = seedForProbe(sim);
		const keys = [project.key, sim.agencyKey];
		const report = await runProbe({
			baseUrl: sim.baseUrl,
			projectKey: project.key,
			...(withAgency ? { agencyKey: sim.agencyKey } : {}),
		});
		const text = formatReport(sim.baseUrl, report, keys);
		return { report, text, keys, requests: [...sim.requests], baseUrl: sim.baseUrl };
	} finally {
		await sim.stop();
	}
}

test('every dialect is covered here', () => {
	expect(Object.keys(EXPECTED_DIFFERS).sort()).toEqual(DIALECTS.map((d) => d.name).sort());
});

describe.each(DIALECTS.map((d) => d.name))('the probe against dialect %s', (dialect) => {
	let run: Awaited<ReturnType<typeof probe>>;
	beforeAll(async () => {
		run = await probe(dialect);
		// The report as a user sees it (jest shows it when a test below fails).
		console.log(`dialect ${dialect}\n${run.text}`);
	});

	test('reports differs for exactly what the dialect changes', () => {
		expect(run.report.ok).toBe(true);
		const differing = run.report.results.filter((r) => r.verdict === 'differs').map((r) => r.id);
		expect(differing.sort()).toEqual([...EXPECTED_DIFFERS[dialect]].sort());
	});

	test('checks everything else but what needs a write, and says what to set where it differs', () => {
		const unchecked = run.report.results.filter((r) => r.verdict === 'not checked');
		const allowed = [
			...NEVER_CHECKED,
			...(dialect === 'other-names' ? ['message.status-values'] : []),
		];
		expect(unchecked.map((r) => `${r.id}: ${r.detail}`).sort()).toEqual(
			allowed.sort().map((id) => expect.stringMatching(new RegExp(`^${id.replace('.', '\\.')}: `))),
		);
		for (const row of run.report.results.filter((r) => r.verdict === 'differs'))
			expect(row.detail).toMatch(
				/Options → Query Parameters|nothing to set|report|Filters → Facet|Role Slug/,
			);
	});

	test('prints one line per guess and no key', () => {
		const lines = run.text.split('\n');
		expect(lines).toHaveLength(run.report.results.length + 2);
		for (const key of run.keys) expect(run.text).not.toContain(key);
		for (const key of run.keys) expect(JSON.stringify(run.report)).not.toContain(key);
	});

	test('sends GET requests only', () => {
		expect(run.requests.length).toBeGreaterThan(20);
		expect(run.requests.filter((r) => r.method !== 'GET')).toEqual([]);
		expect(run.report.requests.length).toBe(run.requests.length);
	});
});

test('without the agency key the agency rows are not checked, and nothing else changes', async () => {
	const { report } = await probe('guesses', false);
	const unchecked = report.results.filter((r) => r.verdict === 'not checked').map((r) => r.id);
	expect(unchecked.sort()).toEqual(
		['client.roles', 'error.bad-agency-key', ...NEVER_CHECKED].sort(),
	);
	expect(report.results.filter((r) => r.verdict === 'differs')).toEqual([]);
});

test('npm run probe: a refused key prints no key, in the report nor in the service message', async () => {
	const sim = await ApiSimulator.start({ dialect: 'guesses' });
	const wrong = 'probe-wrong-key-7f3a9c';
	// The service repeats the key it was sent in its message: the probe blanks it out.
	sim.injectFault({
		path: '/project/sources',
		fault: {
			kind: 'status',
			status: 401,
			body: { success: false, code: 401, message: `Key ${wrong} is not valid` },
		},
	});
	try {
		const { code, stdout, stderr } = await cli([
			'--base-url',
			sim.baseUrl,
			'--project-key',
			wrong,
			'--agency-key',
			sim.agencyKey,
		]);
		expect(code).toBe(1);
		expect(stdout).toContain(
			'Nothing checked: GET /project/sources: the project key was refused (401)',
		);
		for (const key of [wrong, sim.agencyKey]) expect(stdout + stderr).not.toContain(key);
		expect(sim.requests.map((r) => r.method)).toEqual(['GET']);
	} finally {
		await sim.stop();
	}
});

test('npm run probe: the whole report from the command line, keys from the environment', async () => {
	const sim = await ApiSimulator.start({ dialect: 'strict-25', seed: false });
	try {
		const project = seedForProbe(sim);
		const { code, stdout, stderr } = await cli(['--base-url', sim.baseUrl], {
			REVIEW_COLLECTION_PROJECT_KEY: project.key,
			REVIEW_COLLECTION_AGENCY_KEY: sim.agencyKey,
		});
		expect(code).toBe(0);
		expect(stdout).toMatch(
			/^differs {5}largest page 100: asked per_page=100, the pages hold at most reviews 25/m,
		);
		expect(stdout).toMatch(/checks: \d+ hold, 2 differ, 1 not checked/);
		for (const key of [project.key, sim.agencyKey]) expect(stdout + stderr).not.toContain(key);
		expect(sim.requests.every((r) => r.method === 'GET')).toBe(true);
	} finally {
		await sim.stop();
	}
});

test('npm run probe: bad usage names the problem and prints no key', async () => {
	const { code, stdout } = await cli(['--project-key', 'probe-secret-1234']);
	expect(code).toBe(2);
	expect(stdout).toContain('--base-url is required');
	expect(stdout).not.toContain('probe-secret-1234');
});

function cli(
	args: string[],
	env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
	const script = join(__dirname, '..', '..', 'scripts', 'probe', 'cli.js');
	return new Promise((resolve) => {
		execFile(
			process.execPath,
			[script, ...args],
			{ env: { PATH: process.env.PATH ?? '', ...env } },
			(error, stdout, stderr) => {
				const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
				resolve({ code, stdout, stderr });
			},
		);
	});
}

test('a rate limit is waited out, and still only GETs are sent', async () => {
	const sim = await ApiSimulator.start({ dialect: 'guesses', seed: false });
	try {
		const project = seedForProbe(sim);
		sim.injectFault({
			path: '/project/reviews',
			fault: { kind: 'status', status: 429, retryAfter: 0 },
			times: 2,
		});
		const report = await runProbe({ baseUrl: sim.baseUrl, projectKey: project.key });
		expect(report.results.filter((r) => r.verdict === 'differs')).toEqual([]);
		expect(sim.requests.filter((r) => r.status === 429)).toHaveLength(2);
		expect(sim.requests.every((r) => r.method === 'GET')).toBe(true);
	} finally {
		await sim.stop();
	}
});
