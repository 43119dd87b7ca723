/** The secret search of secrets.test.ts: an execution as text, and how often a key occurs in it. */

/** Serializes everything an execution leaves behind, including what JSON.stringify would skip on errors. */
export function serializeExecution(result: {
	items: unknown;
	run: unknown;
	error?: unknown;
}): string {
	const error = result.error as Record<string, unknown> | undefined;
	const errorParts = error
		? {
				message: error.message,
				description: error.description,
				cause: error.cause,
				context: error.context,
				messages: error.messages,
				stack: error.stack,
				errorResponse: error.errorResponse,
				httpCode: error.httpCode,
			}
		: undefined;
	const seen = new WeakSet<object>();
	return JSON.stringify(
		{ items: result.items, run: result.run, error, errorParts },
		(_key, value: unknown) => {
			if (value instanceof Error) {
				return {
					...value,
					name: value.name,
					message: value.message,
					stack: value.stack,
					cause: (value as Error).cause,
				};
			}
			if (typeof value === 'object' && value !== null) {
				if (seen.has(value)) return '[seen]';
				seen.add(value);
			}
			return value;
		},
	);
}

/** Occurrences of `needle` in `haystack`. */
export function occurrences(haystack: string, needle: string): number {
	if (!needle) return 0;
	return haystack.split(needle).length - 1;
}
