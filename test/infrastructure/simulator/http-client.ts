/** Small fetch client for the simulator's own tests (no jest code here). */
import type { ApiSimulator } from '../../simulator';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export interface CallOptions {
	/** undefined = the seeded project's key, null = no Authorization header */
	key?: string | null;
	body?: unknown;
	raw?: string;
}

export function makeClient(getSim: () => ApiSimulator) {
	async function call(
		method: string,
		path: string,
		opts: CallOptions = {},
	): Promise<{ status: number; json: Json; headers: Headers }> {
		const sim = getSim();
		const headers: Record<string, string> = { Accept: 'application/json' };
		const key = opts.key === undefined ? sim.defaultProject().key : opts.key;
		if (key !== null) headers.Authorization = `Bearer ${key}`;
		let body: string | undefined;
		if (opts.raw !== undefined) body = opts.raw;
		else if (opts.body !== undefined) body = JSON.stringify(opts.body);
		if (body !== undefined) headers['Content-Type'] = 'application/json';
		const res = await fetch(sim.baseUrl + path, { method, headers, body });
		const text = await res.text();
		let json: Json;
		try {
			json = JSON.parse(text);
		} catch {
			json = { text };
		}
		return { status: res.status, json, headers: res.headers };
	}
	const agency = (method: string, path: string, body?: unknown) =>
		call(method, path, { key: getSim().agencyKey, body });
	return { call, agency };
}
