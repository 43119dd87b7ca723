/** The faults a test injected, taken one by one by the requests they match (ApiSimulator.injectFault). */
import { Query, qs } from './query';
import { FaultRule } from './types';

export class FaultQueue {
	private faults: Array<{ rule: FaultRule; left: number; skip: number }> = [];

	inject(rule: FaultRule): void {
		this.faults.push({ rule, left: rule.times ?? 1, skip: rule.skip ?? 0 });
	}

	clear(): void {
		this.faults = [];
	}

	/** The first rule matching the request (after its `skip` matches), used up after `times` takes. */
	take(method: string, path: string, query: Query = {}): FaultRule | undefined {
		for (const f of this.faults) {
			if (f.left <= 0) continue;
			const r = f.rule;
			if (r.method && r.method.toUpperCase() !== method) continue;
			if (r.path !== undefined) {
				if (r.path instanceof RegExp) {
					if (!r.path.test(path)) continue;
				} else if (r.path.endsWith('*')) {
					if (!path.startsWith(r.path.slice(0, -1))) continue;
				} else if (r.path !== path) continue;
			}
			if (r.query && Object.entries(r.query).some(([name, value]) => qs(query, name) !== value))
				continue;
			if (f.skip > 0) {
				f.skip--;
				continue;
			}
			f.left--;
			this.faults = this.faults.filter((x) => x.left > 0);
			return r;
		}
		return undefined;
	}
}
