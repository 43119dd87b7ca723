'use strict';
// What every check shares: the project key's GET, list answers read once, and the three verdicts.

const LISTS = {
	reviews: '/project/reviews',
	customers: '/project/customers',
	messages: '/project/messages',
	charges: '/project/charges',
};

const holds = (detail) => ({ verdict: 'holds', detail });
const differs = (detail) => ({ verdict: 'differs', detail });
const notChecked = (detail) => ({ verdict: 'not checked', detail });

/** A list answer: its records (undefined when `data` is not an array) and pagination. */
function asList(answer) {
	const body = answer.body && typeof answer.body === 'object' ? answer.body : {};
	const records = Array.isArray(body.data) ? body.data : undefined;
	const pagination =
		body.pagination && typeof body.pagination === 'object' ? body.pagination : undefined;
	return { ...answer, records, pagination };
}

/** The service refused what was asked (a 4xx that is not about the key or the rate). */
function isRefusal(status) {
	return status >= 400 && status < 500 && ![401, 403, 429].includes(status);
}

const isWhole = (value) => typeof value === 'number' && Number.isInteger(value);

function createContext(client, { projectKey, agencyKey }) {
	const cache = new Map();
	const ctx = {
		agencyKey,
		projectKey,
		/** GET with the project key, as a list answer. */
		async list(path, query = {}) {
			return asList(await client.get(path, query, projectKey));
		},
		async get(path, query = {}, key = projectKey) {
			return await client.get(path, query, key);
		},
		/** The first page of a list in its default order, as large as the service gives (read once). */
		async sample(kind) {
			if (!cache.has(kind))
				cache.set(kind, await ctx.list(LISTS[kind], { [ctx.found.perPage ?? 'per_page']: 100 }));
			return cache.get(kind);
		},
		/** What earlier checks found that later ones use (e.g. the service's page-size name). */
		found: {},
		/** Failed answers seen, for the error-body check: { url, status, body, json }. */
		failures: [],
	};
	const list = ctx.list;
	ctx.list = async (path, query) => {
		const answer = await list(path, query);
		if (answer.status >= 400) ctx.failures.push(answer);
		return answer;
	};
	return ctx;
}

/** One line for an answer that is not a usable list (why a check could not go on). */
function unusable(answer) {
	if (answer.status === 0) return `no answer (${answer.error})`;
	if (answer.status !== 200) {
		const message =
			answer.body && typeof answer.body.message === 'string' ? `: ${answer.body.message}` : '';
		return `HTTP ${answer.status}${message}`;
	}
	return 'the answer has no list of records in data';
}

module.exports = {
	LISTS,
	holds,
	differs,
	notChecked,
	asList,
	isRefusal,
	isWhole,
	createContext,
	unusable,
};
