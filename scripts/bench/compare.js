/**
 * How one benchmark case is measured: each side once unmeasured (warm-up), then rounds in which the sides
 * take turns in a rotating order, so a slow moment of the shared machine does not fall on one side alone.
 */
const { measure, median } = require('./lib');

/**
 * compare(label, case) for one benchmark run: measures the sides of a case and adds its row to `rows`.
 * `sideNames`: the sides chosen by --sides; `profiler`: set by --profile.
 */
function createCompare({ sim, sideNames, runs: defaultRuns, profiler, rows }) {
	/**
	 * Measures the sides of one case. `sides`: { package, floor?, http?, raw } -> async () => { detail, ... };
	 * `setup(side)` runs before every run, unmeasured.
	 */
	return async function compare(
		label,
		{ sides, setup, runs = defaultRuns, warmUp = true, targets = [], memory },
	) {
		const names = Object.keys(sides).filter((side) => sideNames.has(side));
		const results = Object.fromEntries(names.map((side) => [side, []]));
		if (warmUp) {
			for (const side of names) {
				if (setup) await setup(side);
				await sides[side]();
			}
		}
		await sim.clearLog();
		for (let run = 0; run < runs; run++) {
			const order = names.map((_, i) => names[(i + run) % names.length]);
			for (const side of order) {
				if (setup) await setup(side);
				const before = await sim.requestCount();
				const m = await measure(profiler ? profiler.wrap(side, sides[side]) : sides[side]);
				m.requests = (await sim.requestCount()) - before;
				results[side].push(m);
			}
			await sim.clearLog();
		}
		const row = { label, results, targets, memory };
		rows.push(row);
		const pkg = results.package?.map((m) => m.ms) ?? [];
		process.stdout.write(
			`  done: ${label} (package median ${pkg.length ? median(pkg).toFixed(0) : '-'} ms)\n`,
		);
		return row;
	};
}

module.exports = { createCompare };
