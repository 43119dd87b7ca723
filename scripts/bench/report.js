/** The benchmark's tables (Markdown, to paste into the README) and its method text. */
const { median } = require('./lib');

const REFERENCES = {
	floor: 'floor',
	package1: 'the package at Concurrency 1',
	http: 'HTTP Request',
	raw: 'raw',
};

const spread = (values, digits) => {
	if (values.length === 0) return '-';
	const fmt = (n) => n.toFixed(digits);
	return `${fmt(median(values))} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})`;
};

/** package ÷ reference, run by run (the sides of one round ran back to back). */
const ratios = (row, against, key = 'ms') => {
	const mine = row.results.package ?? [];
	const theirs = row.results[against] ?? [];
	return mine
		.slice(0, theirs.length)
		.map((m, i) => m[key] / theirs[i][key])
		.filter(Number.isFinite);
};

function verdicts(row) {
	return row.targets.map(({ against, max }) => {
		if (against === 'requests') {
			const requests = (row.results.package ?? []).map((m) => m.requests);
			return `${requests.every((n) => n === max) ? 'met' : 'MISSED'}: ${max} request`;
		}
		const values = ratios(row, against);
		if (values.length === 0) return `÷ ${REFERENCES[against]}: not measured`;
		const value = median(values);
		return `${value <= max ? 'met' : 'MISSED'}: ÷ ${REFERENCES[against]} ≤ ${max.toFixed(2)} (${value.toFixed(2)})`;
	});
}

function table(header, lines) {
	const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
	const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
	return [line(header), line(widths.map((w) => '-'.repeat(w))), ...lines.map(line)].join('\n');
}

function printTables(rows, notes, { runs, minutes, machine }) {
	const sideMs = (row, side) =>
		spread(
			(row.results[side] ?? []).map((m) => m.ms),
			0,
		);
	const ratio = (row, against) => spread(ratios(row, against), 2);
	const requests = (row) =>
		['package', ...Object.keys(REFERENCES)]
			.filter((side) => row.results[side])
			.map(
				(side) =>
					`${side} ${median(row.results[side].map((m) => m.requests))} (${row.results[side][0].detail})`,
			)
			.join(', ');
	console.log(
		`\n${machine}; ${runs} runs per case (idle polls ${runs * 2}, latency ≤ 3), medians (min–max).`,
	);
	console.log('\nWall time, ms:\n');
	console.log(
		table(
			[
				'case',
				'package ms',
				'floor ms',
				'HTTP Request ms',
				'raw ms',
				'package ÷ floor',
				'package ÷ HTTP Request',
				'package ÷ raw',
				'targets',
			],
			rows.map((row) => [
				row.label,
				sideMs(row, 'package'),
				sideMs(row, 'floor'),
				sideMs(row, 'http'),
				sideMs(row, 'raw'),
				ratio(row, 'floor'),
				ratio(row, 'http'),
				ratio(row, 'raw'),
				verdicts(row).join('; '),
			]),
		),
	);
	const cpu = (row, side) =>
		spread(
			(row.results[side] ?? []).map((m) => m.cpuMs),
			0,
		);
	console.log(
		'\nCPU time of the client side, ms (process.cpuUsage; the simulator is another process):\n',
	);
	console.log(
		table(
			[
				'case',
				'package',
				'floor',
				'HTTP Request',
				'raw',
				'package ÷ floor',
				'package ÷ HTTP Request',
			],
			rows.map((row) => [
				row.label,
				cpu(row, 'package'),
				cpu(row, 'floor'),
				cpu(row, 'http'),
				cpu(row, 'raw'),
				spread(ratios(row, 'floor', 'cpuMs'), 2),
				spread(ratios(row, 'http', 'cpuMs'), 2),
			]),
		),
	);
	const memoryRows = rows.filter((row) => row.memory);
	if (memoryRows.length > 0) {
		const heap = (row, side, key = 'heapMb') =>
			spread(
				(row.results[side] ?? []).map((m) => m[key]),
				1,
			);
		console.log(
			'\nPeak heap growth, MB (the benchmark process; the simulator is another process):\n',
		);
		console.log(
			table(
				['case', 'package', 'floor', 'HTTP Request', 'raw', 'package ÷ raw', 'target'],
				memoryRows.map((row) => {
					const values = ratios(row, 'raw', 'heapMb');
					const { max } = row.memory;
					const verdict =
						max === undefined ? '-' : `${median(values) <= max ? 'met' : 'MISSED'}: ≤ ${max}× raw`;
					return [
						row.label,
						heap(row, 'package'),
						heap(row, 'floor'),
						heap(row, 'http'),
						heap(row, 'raw'),
						spread(values, 2),
						verdict,
					];
				}),
			),
		);
		console.log(
			'\nHeld after the run, MB (heapUsed after gc, result still referenced, minus the base):\n',
		);
		console.log(
			table(
				['case', 'package', 'floor', 'HTTP Request', 'raw', 'package ÷ raw'],
				memoryRows.map((row) => [
					row.label,
					heap(row, 'package', 'heldMb'),
					heap(row, 'floor', 'heldMb'),
					heap(row, 'http', 'heldMb'),
					heap(row, 'raw', 'heldMb'),
					spread(ratios(row, 'raw', 'heldMb'), 2),
				]),
			),
		);
	}
	console.log('\nRequests per run (and what each side produced):');
	for (const row of rows) console.log(`  ${row.label}: ${requests(row)}`);
	for (const note of notes) console.log(`  note: ${note}`);
	console.log(
		'\nMethod: package = the built dist/ loaded by PackageDirectoryLoader and run by n8n-core' +
			' WorkflowExecute (trigger: PollTriggerExecutor); floor = test/harness/fixtures/Floor*.node.ts, the same' +
			' requests through httpRequestWithAuthentication and nothing else; HTTP Request = n8n-nodes-base 2.41.1;' +
			' raw = undici keep-alive. The simulator runs in a child process. Each case: one warm-up per side, then' +
			' rounds in rotating side order; ratios are per round (paired). Heap = peak heapUsed (2 ms samples) minus' +
			` heapUsed after gc before the run, result still referenced. Total run time: ${minutes.toFixed(1)} min.`,
	);
}

module.exports = { printTables };
