/** Fakes Date only (timers, sockets and performance stay real): a test moves n8n's clock by hand. */
export function fakeDateOnly(start: number = Date.now()) {
	jest.useFakeTimers({
		doNotFake: [
			'nextTick',
			'setImmediate',
			'clearImmediate',
			'setTimeout',
			'clearTimeout',
			'setInterval',
			'clearInterval',
			'queueMicrotask',
			'hrtime',
			'performance',
		],
	});
	jest.setSystemTime(start);
}

export const HOUR = 3600;

/** Moves the faked clock `hours` forward. */
export const later = (hours: number) => jest.setSystemTime(Date.now() + hours * HOUR * 1000);

/** The faked clock in Unix seconds. */
export const now = () => Math.floor(Date.now() / 1000);
