/**
 * Filters the list cannot show (the customer list has no tags): for the records a walk found, the
 * service is asked, in the same poll, which of them carry the tag: the tag-filtered list in the event's
 * order, newest first, down to the oldest record found. So a customer tagged after its moment does not
 * fire for it, and an idle poll (nothing found) asks nothing.
 */
import type { IPollFunctions } from 'n8n-workflow';

import { listRecords } from '../ReviewCollection/transport/list-page';
import type { ListRecord } from './cursor';
import { compareKeys, keyOf } from './cursor';
import { askedFilterNames, EVENTS } from './events';
import type { ProjectTarget, Watch } from './list-request';
import { list } from './list-request';
import { PAGE_SIZE } from './paging';

/** Pages of the tag-filtered list read at most per poll: customers found but not confirmed by then do not fire (README). */
const MAX_PAGES = 100;

export async function keepAsked(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	records: ListRecord[],
): Promise<ListRecord[]> {
	const asked = askedFilterNames(EVENTS[watch.event].kind).filter(
		(name) => watch.filters[name] !== undefined,
	);
	if (asked.length === 0 || records.length === 0) return records;
	const query = Object.fromEntries(asked.map((name) => [name, watch.filters[name]]));
	const oldest = keyOf(watch.event, records[0])!;
	const carrying = new Set<number>();
	for (let page = 1; page <= MAX_PAGES; page++) {
		const answer = await list(
			ctx,
			{ ...watch, extraQuery: { ...query, ...watch.extraQuery } },
			project,
			{ direction: 'desc', page, perPage: PAGE_SIZE },
		);
		const listed = listRecords(answer.data);
		for (const record of listed) carrying.add(record.id);
		const last = listed.at(-1);
		const lastKey = last ? keyOf(watch.event, last) : undefined;
		if (listed.length < PAGE_SIZE || !lastKey || compareKeys(lastKey, oldest) < 0) break;
	}
	return records.filter((record) => carrying.has(record.id));
}
