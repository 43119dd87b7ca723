import { pagesToRead } from '../../nodes/ReviewCollection/transport/list-reader';
import { PAGE_SIZE } from '../../nodes/ReviewCollection/transport';
import type { LoggedRequest } from '../simulator';

/**
 * The pages Return All asks for a list of `total` records that does not change while read: page 1 of
 * 100, then pages of 50 to 100 records that overlap the one before (transport/list-reader.ts), no more
 * than one in six beyond what pages that only touch would cost.
 */
export function expectReturnAllPages(requests: LoggedRequest[], total: number): void {
	expect(requests).toHaveLength(pagesToRead(total, PAGE_SIZE));
	expect(requests.length).toBeLessThanOrEqual(Math.ceil((Math.ceil(total / PAGE_SIZE) * 7) / 6));
	expect(requests[0].query).toMatchObject({ page: '1', per_page: String(PAGE_SIZE) });
	for (const request of requests)
		expect(Number(request.query.per_page)).toBeGreaterThanOrEqual(PAGE_SIZE / 2);
}
