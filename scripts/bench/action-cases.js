/**
 * The action node's cases: Get Many with Return All, Create Charge × 1,000 sequential, with Concurrency,
 * and behind latency. Each names its sides (package, floor, HTTP Request, raw) and the targets its
 * verdicts check.
 */
const path = require('node:path');
const { qs } = require('./lib');
const { runChain, httpRequestStep, SPLIT_OUT } = require('./workflows');

const root = path.resolve(__dirname, '../..');
// Loaded by run.js after it has applied the test environment, like every harness require of the bench.
const { runNode } = require(path.join(root, 'test/harness'));
const { GUESSES } = require(path.join(root, 'nodes/ReviewCollection/transport/guesses'));
const { page: PAGE, perPage: PER_PAGE } = GUESSES;

/** `options`: --cases (a Set), --runs, --concurrency, --latency of this run. */
async function actionCases({ sim, registry, credentials, credentialType, raw, compare, options }) {
	const { cases, runs, concurrency, latencyMs } = options;
	const node =
		(parameters, input, nodeType = 'reviewCollection') =>
		async () => {
			const result = await runNode({ registry, nodeType, parameters, credentials, input });
			if (result.error) throw result.error;
			return { items: result.items, detail: `${result.items.length} items` };
		};
	const chain = (steps, input) => async () => {
		const items = await runChain(registry, steps, credentials, input);
		return { items, detail: `${items.length} items` };
	};

	// n8n's HTTP Request node paging the reviews 100 at a time, one page after another.
	const reviewPagesStep = () =>
		httpRequestStep(credentialType, {
			method: 'GET',
			url: `${sim.baseUrl}/project/reviews`,
			sendQuery: true,
			queryParameters: { parameters: [{ name: PER_PAGE.name, value: '100' }] },
			options: {
				pagination: {
					pagination: {
						paginationMode: 'updateAParameterInEachRequest',
						parameters: {
							parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }],
						},
						paginationCompleteWhen: 'other',
						completeExpression:
							'={{ $response.body.pagination.current_page >= $response.body.pagination.last_page }}',
					},
				},
			},
			credentials,
		});
	const rawReviewPages = async () => {
		const records = [];
		for (let page = 1; ; page++) {
			const envelope = await raw.call(
				'GET',
				`/project/reviews?${qs({ [PAGE.name]: page, [PER_PAGE.name]: 100 })}`,
			);
			records.push(...envelope.data);
			if (page >= envelope.pagination.last_page) break;
		}
		return { records, detail: `${records.length} records` };
	};

	// Get Many reviews, Return All, over 10,000 reviews: 100 pages of 100.
	if (cases.has('getMany')) {
		await sim.reset();
		await sim.seed({ kind: 'reviews', total: 10_000 });
		const getAll = { resource: 'review', operation: 'getAll', returnAll: true };
		await compare('Get Many reviews, Return All (10,000)', {
			sides: {
				package: node(getAll),
				floor: node(getAll, undefined, 'floorNode'),
				http: chain([
					reviewPagesStep(),
					{ type: SPLIT_OUT, parameters: { fieldToSplitOut: 'data' } },
				]),
				raw: rawReviewPages,
			},
			targets: [
				{ against: 'floor', max: 1.1 },
				{ against: 'http', max: 0.8 },
			],
			memory: { against: 'raw', max: 1.5 },
		});
	}

	// Issue 30: Return All over 10,000 reviews with every answer 50 ms late, pages read in parallel.
	if (cases.has('returnAllLate')) {
		await sim.reset();
		await sim.seed({ kind: 'reviews', total: 10_000 });
		await sim.setLatency(50);
		const getAll = (pages) => ({
			resource: 'review',
			operation: 'getAll',
			returnAll: true,
			requestOptions: { concurrency: pages },
		});
		await compare('50 ms late: Get Many reviews, Return All (10,000), Concurrency 8', {
			sides: {
				package: node(getAll(8)),
				package1: node(getAll(1)),
				http: chain([
					reviewPagesStep(),
					{ type: SPLIT_OUT, parameters: { fieldToSplitOut: 'data' } },
				]),
				raw: rawReviewPages,
			},
			runs: Math.min(runs, 3),
			targets: [
				{ against: 'http', max: 0.25 },
				{ against: 'package1', max: 0.3 },
			],
			memory: { against: 'raw', max: 1.5 },
		});
		await sim.setLatency(0);
	}

	// 1,000 items -> Create Charge (one customer per item: the API needs an email or a phone).
	const chargeInput = Array.from({ length: 1000 }, (_, i) => ({
		amount: 1000 + i,
		email: `buyer${i}@example.com`,
	}));
	const chargeParameters = (concurrency) => ({
		resource: 'charge',
		operation: 'create',
		amount: '={{ $json.amount }}',
		currency: 'USD',
		additionalFields: { email: '={{ $json.email }}' },
		...(concurrency ? { requestOptions: { concurrency } } : {}),
	});
	const httpCreate = (options = {}) =>
		chain(
			[
				httpRequestStep(credentialType, {
					method: 'POST',
					url: `${sim.baseUrl}/project/charges`,
					sendBody: true,
					contentType: 'json',
					specifyBody: 'keypair',
					bodyParameters: {
						parameters: [
							{ name: 'amount', value: '={{ $json.amount }}' },
							{ name: 'currency', value: 'USD' },
							{ name: 'email', value: '={{ $json.email }}' },
						],
					},
					options,
					credentials,
				}),
			],
			chargeInput,
		);
	const rawSequentialCharges = async () => {
		const created = [];
		for (const item of chargeInput) {
			const envelope = await raw.call('POST', '/project/charges', {
				amount: item.amount,
				currency: 'USD',
				email: item.email,
			});
			created.push(envelope.data);
		}
		return { created, detail: `${created.length} charges` };
	};
	const createSides = (concurrency, httpOptions) => ({
		package: node(chargeParameters(concurrency), chargeInput),
		floor: node(chargeParameters(concurrency), chargeInput, 'floorNode'),
		...(httpOptions ? { http: httpCreate(httpOptions) } : {}),
		raw: rawSequentialCharges,
	});
	const resetSim = async () => await sim.reset();
	if (cases.has('create')) {
		await compare('Create Charge × 1,000 (sequential; HTTP Request: its default)', {
			setup: resetSim,
			sides: createSides(undefined, {}),
			targets: [{ against: 'floor', max: 1.1 }],
		});
	}
	if (cases.has('concurrency')) {
		await compare(
			`Create Charge × 1,000, Concurrency ${concurrency} (HTTP Request: batching 1; raw sequential)`,
			{
				setup: resetSim,
				sides: createSides(concurrency, {
					batching: { batch: { batchSize: 1, batchInterval: 1 } },
				}),
				targets: [
					{ against: 'floor', max: 1.15 },
					{ against: 'http', max: 1.0 },
				],
			},
		);
	}
	if (cases.has('latency')) {
		// Everything is warm from the cases above; raw sequential takes 1,000 × the latency per run.
		await sim.setLatency(latencyMs);
		await compare(
			`${latencyMs} ms latency: Create Charge × 1,000, Concurrency ${concurrency} (raw sequential)`,
			{
				setup: resetSim,
				sides: createSides(concurrency),
				runs: Math.min(runs, 3),
				warmUp: false,
				targets: [{ against: 'raw', max: 0.28 }],
			},
		);
		await sim.setLatency(0);
	}
}

module.exports = { actionCases };
