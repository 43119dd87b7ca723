'use strict';
// The probe's only way to the service: GET requests, nothing else (asserted on every request), and
// text that leaves the probe with every key blanked out (redact).

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

/** The answer of a failed request as one short line (status, then the service's message). */
function describeAnswer(answer) {
	if (answer.status === 0) return `no answer (${answer.error})`;
	const body = answer.body;
	const message =
		body && typeof body === 'object' && typeof body.message === 'string' ? `: ${body.message}` : '';
	return `HTTP ${answer.status}${message}`;
}

/**
 * A GET-only client of one service. `get(path, query, key)` answers { status, body, json, url } and
 * never throws for an HTTP status; a network failure is status 0 with `error` (already redacted).
 */
function createClient({ baseUrl, secrets, timeoutMs = TIMEOUT_MS, fetchImpl = globalThis.fetch }) {
	const root = String(baseUrl).replace(/\/+$/, '');
	const sent = [];

	async function request(method, path, query, key) {
		// The probe reads and never writes: anything but GET is a bug in the probe, stopped here.
		if (method !== 'GET') throw new Error(`The probe sends GET requests only, not ${method}`);
		const url = new URL(root + path);
		for (const [name, value] of Object.entries(query ?? {}))
			if (value !== undefined) url.searchParams.set(name, String(value));
		const shown = redact(`${path}${url.search}`, secrets);
		sent.push({ method, url: shown });
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
			return {
				status: 0,
				body: undefined,
				json: false,
				url: shown,
				error: redact(reason, secrets),
			};
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
		return { status: response.status, body, json, url: shown, retryAfter };
	}

	/** A rate limit (429) is waited out (Retry-After in seconds, up to 30 s; else 2 s), 3 times at most. */
	async function patient(path, query, key) {
		for (let attempt = 0; ; attempt++) {
			const answer = await request('GET', path, query, key);
			if (answer.status !== 429 || attempt === 3) return answer;
			const asked = Number(answer.retryAfter);
			const wait = Number.isFinite(asked) && asked >= 0 ? Math.min(asked, 30) : 2;
			await new Promise((resolve) => setTimeout(resolve, wait * 1000));
		}
	}

	return {
		get: patient,
		/** What was sent so far: { method, url } with keys blanked out. */
		sent,
	};
}

module.exports = { createClient, redact, describeAnswer };
