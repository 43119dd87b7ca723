'use strict';
// The probe's client for `npm run probe`: GET requests only (asserted on every request), fetch with a
// time-out, a rate limit waited out. It answers the probe's key roles with the keys given on the
// command line; the checks themselves are the package's (dist/…/diagnostics/probe, as Check Service).

const TIMEOUT_MS = 20_000;

/** `text` with every key (as given, and URL-encoded) replaced by [key]. */
function redact(text, secrets) {
	let out = String(text);
	for (const secret of secrets) {
		if (!secret) continue;
		for (const form of new Set([secret, encodeURIComponent(secret)]))
			out = out.split(form).join('[key]');
	}
	return out;
}

/**
 * A GET-only client of one service, as the probe's `ProbeClient`: `get(path, query, role)` answers
 * { status, body, json } and never throws for an HTTP status; no answer is status 0 with `error`.
 * `sent` lists what was sent ({ method, url }, keys blanked out).
 */
function createClient({
	baseUrl,
	projectKey,
	agencyKey,
	madeUpKey,
	timeoutMs = TIMEOUT_MS,
	fetchImpl = globalThis.fetch,
}) {
	const root = String(baseUrl).replace(/\/+$/, '');
	const secrets = [projectKey, agencyKey].filter(Boolean);
	const keys = {
		project: projectKey,
		agency: agencyKey,
		'made-up project': madeUpKey,
		'made-up agency': madeUpKey,
	};
	const sent = [];

	async function request(method, path, query, key) {
		// The probe reads and never writes: anything but GET is a bug in the probe, stopped here.
		if (method !== 'GET') throw new Error(`The probe sends GET requests only, not ${method}`);
		const url = new URL(root + path);
		for (const [name, value] of Object.entries(query ?? {}))
			if (value !== undefined) url.searchParams.set(name, String(value));
		sent.push({ method, url: redact(`${path}${url.search}`, secrets) });
		let response;
		try {
			response = await fetchImpl(url, {
				method,
				headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
				redirect: 'manual',
				signal: AbortSignal.timeout(timeoutMs),
			});
		} catch (error) {
			const reason = error && error.cause ? error.cause.message || error.cause : error?.message;
			return { status: 0, body: undefined, json: false, error: redact(reason, secrets) };
		}
		const text = await response.text();
		let body = text;
		let json = false;
		try {
			body = JSON.parse(text);
			json = true;
		} catch {
			// Not JSON: kept as text.
		}
		const retryAfter = response.headers.get('retry-after') ?? undefined;
		return { status: response.status, body, json, retryAfter };
	}

	/** A rate limit (429) is waited out (Retry-After in seconds, up to 30 s; else 2 s), 3 times at most. */
	async function get(path, query, role) {
		const key = keys[role];
		if (!key) throw new Error(`No key for ${role}`);
		for (let attempt = 0; ; attempt++) {
			const answer = await request('GET', path, query, key);
			if (answer.status !== 429 || attempt === 3) return answer;
			const asked = Number(answer.retryAfter);
			const wait = Number.isFinite(asked) && asked >= 0 ? Math.min(asked, 30) : 2;
			await new Promise((resolve) => setTimeout(resolve, wait * 1000));
		}
	}

	return { get, hasAgencyKey: Boolean(agencyKey), agencyKeyHint: 'no --agency-key given', sent };
}

module.exports = { createClient, redact };
