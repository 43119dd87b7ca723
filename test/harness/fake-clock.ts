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
