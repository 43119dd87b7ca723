/** Bounded waits of the queue-mode e2e tests: a condition polled every 250 ms until a deadline. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves with check()'s first truthy value; throws naming `what` once timeoutMs has passed (with
 * `progress()`, when given: how far it got).
 */
export async function until<T>(
	what: string,
	check: () => T | undefined | false | Promise<T | undefined | false>,
	timeoutMs = 120_000,
	progress?: () => string,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value) return value;
		if (Date.now() > deadline)
			throw new Error(`timed out waiting for ${what}${progress ? ` (${progress()})` : ''}`);
		await sleep(250);
	}
}
