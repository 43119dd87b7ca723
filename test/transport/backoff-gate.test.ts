/**
 * The execution's back-off gate (transport/backoff.ts) under a deadline: a gate that stays closed past
 * what a request may wait is not waited for at all (INTERFACES.md: no wait past the deadline).
 */
import { closeGate, passGate } from '../../nodes/ReviewCollection/transport/backoff';

it('passes at once when open', async () => {
	await expect(passGate({ backoffUntil: 0 }, Date.now())).resolves.toBe(true);
});

it('a gate closed past `latest`: false at once, no wait', async () => {
	const execution = { backoffUntil: 0 };
	closeGate(execution, 60_000);
	const started = Date.now();
	await expect(passGate(execution, Date.now() + 1_000)).resolves.toBe(false);
	// No wait at all (a minute's gate): what matters is that it did not sleep toward the gate.
	expect(Date.now() - started).toBeLessThan(1_000);
});

it('a gate that opens before `latest`: waited for, then true', async () => {
	const execution = { backoffUntil: 0 };
	closeGate(execution, 100);
	const started = Date.now();
	await expect(passGate(execution, Date.now() + 5_000)).resolves.toBe(true);
	expect(Date.now() - started).toBeGreaterThanOrEqual(95);
});
