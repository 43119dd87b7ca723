/**
 * "Fetch Test Event" (contract §9, §11): the newest matching record of every project read, moving
 * nothing. When nothing matches, each project's account says why (./fetch-text.ts): what was read, what
 * each filter excluded, what could not be read, and any guess the trigger fell back on.
 */
import type { IPollFunctions } from 'n8n-workflow';

import { isOutOfBudget, isRefusal } from '../../ReviewCollection/transport';
import { isLastPage, listPage } from '../../ReviewCollection/transport/list-page';
import type { PollBudget } from '../reading/budget';
import type { ListRecord } from '../state/cursor';
import { compareKeys, keyOf } from '../state/cursor';
import type { DuplicateAnswer } from '../reading/duplicates';
import { askDuplicates } from '../reading/duplicates';
import { askedFilterNames, EVENTS, matchesFilters } from '../events/events';
import { Tally } from './fetch-tally';
import type { ProjectTarget, Watch } from '../reading/list-request';
import { list } from '../reading/list-request';
import { PAGE_SIZE } from '../walk/paging';
import type { ProjectRef } from '../projects';
import { inParallel, projectsOf } from '../projects';
import { readAnswer } from '../reading/watch';

/** What Fetch Test Event learned of one project that showed no match. */
export interface FetchAccount {
	project?: ProjectRef;
	/** What was read without the filters (undefined: not read). */
	tally?: Tally;
	/** The service refused the filters as query parameters: its answer (read without them). */
	refused?: string;
	/** Filters only the service can test (the customer Tag): it listed no record with them. */
	askedNone?: string[];
	/** Reviews: the duplicate question (duplicates are not listed and never fire). */
	duplicates?: DuplicateAnswer;
	/** It could not be read: the service's answer, and what to do. */
	failure?: { message: string; description?: string };
	/** Not read, or not explained, in the time n8n gives a poll. */
	notRead?: boolean;
}

export interface FetchResult {
	found?: { record: ListRecord; project?: ProjectRef };
	/** Every project's account, in the projects' order (when nothing was found). */
	accounts: FetchAccount[];
}

/** One Project: its failure is thrown; All Projects: it is the project's account. */
export async function fetchTestEvent(
	ctx: IPollFunctions,
	watch: Watch,
	allProjects: boolean,
	concurrency: number,
	budget: PollBudget,
): Promise<FetchResult> {
	const projects = await projectsOf(ctx, allProjects, budget);
	const accounts: FetchAccount[] = [];
	let newest: { record: ListRecord; project?: ProjectRef; key: [number, number] } | undefined;
	await inParallel(projects, concurrency, async ({ target, ref }, index) => {
		const account: FetchAccount = { project: ref };
		accounts[index] = account;
		if (!budget.allowsRequest(index === 0)) {
			account.notRead = true;
			return;
		}
		try {
			const record = await seek(ctx, watch, target, budget, account);
			const key = record ? keyOf(watch.event, record) : undefined;
			if (record && key && (!newest || compareKeys(key, newest.key) > 0))
				newest = { record, project: ref, key };
		} catch (error) {
			if (!allProjects && !isOutOfBudget(error)) return await Promise.reject(error);
			if (isOutOfBudget(error)) account.notRead = true;
			else account.failure = failureOf(error);
		}
	});
	if (newest) return { found: { record: newest.record, project: newest.project }, accounts: [] };
	await inParallel(projects, concurrency, async ({ target }, index) => {
		await explain(ctx, watch, target, budget, accounts[index]);
	});
	return { accounts };
}

/**
 * The newest matching record, or undefined. The filters the list takes are sent (fewer pages); each
 * record is tested as the walk would. A service that refuses them is read without them (the walk never
 * sends them), unless a filter only it can test is among them.
 */
async function seek(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	budget: PollBudget,
	account: FetchAccount,
): Promise<ListRecord | undefined> {
	const names = Object.keys(watch.filters);
	if (names.length === 0)
		return await newestMatching(ctx, watch, project, budget, newTally(account, watch));
	const filtered = { ...watch, extraQuery: { ...watch.filters, ...watch.extraQuery } };
	try {
		return await newestMatching(ctx, filtered, project, budget);
	} catch (error) {
		const asked = askedFilterNames(EVENTS[watch.event].kind);
		if (!isRefusal(error) || names.some((name) => asked.includes(name)))
			return await Promise.reject(error);
		account.refused = (error as Error).message;
		return await newestMatching(ctx, watch, project, budget, newTally(account, watch));
	}
}

function newTally(account: FetchAccount, watch: Watch): Tally {
	account.tally = new Tally(watch);
	return account.tally;
}

/**
 * Pages newest first (one request when the newest matches) until one matches, within the budget: a
 * first page of 10 (the newest usually matches), then the largest pages from the start (the service's
 * own size when it ignores the size asked for). `tally` counts what it read.
 */
async function newestMatching(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	budget: PollBudget,
	tally?: Tally,
): Promise<ListRecord | undefined> {
	const kind = EVENTS[watch.event].kind;
	let size = PAGE_SIZE;
	for (let page = 0; budget.allowsRequest(page === 0); page++) {
		const ask = { direction: 'desc' as const, page: Math.max(1, page), perPage: page ? size : 10 };
		const answer = await list(ctx, watch, project, ask, budget);
		const { records, lastPage, perPage, total } = readAnswer(ctx, () =>
			listPage(answer, ask.page, ask.perPage),
		);
		if (page === 0 && perPage !== ask.perPage) size = perPage;
		const found = records.find(
			(record) => matchesFilters(kind, watch.filters, record) && watch.terms.shows(record),
		);
		// Only what was read before the match is counted (nothing is shown when something matched).
		tally?.add(records, total);
		if (found || isLastPage(records.length, perPage, ask.page, lastPage)) return found;
	}
	return undefined;
}

/**
 * Nothing matched anywhere: the newest page of a project that was read only with its filters is read
 * without them (one request), and for reviews the duplicate question is asked. Within the budget.
 */
async function explain(
	ctx: IPollFunctions,
	watch: Watch,
	project: ProjectTarget,
	budget: PollBudget,
	account: FetchAccount,
): Promise<void> {
	if (account.failure || account.notRead) return;
	try {
		if (!account.tally) {
			if (!budget.allowsRequest(false)) {
				account.notRead = true;
				return;
			}
			const ask = { direction: 'desc' as const, page: 1, perPage: PAGE_SIZE };
			const answer = await list(ctx, watch, project, ask, budget);
			const { records, total } = readAnswer(ctx, () => listPage(answer, 1, PAGE_SIZE));
			newTally(account, watch).add(records, total);
			const asked = askedFilterNames(EVENTS[watch.event].kind);
			const askedNone = Object.keys(watch.filters).filter((name) => asked.includes(name));
			if (askedNone.length > 0) account.askedNone = askedNone;
		}
		if (EVENTS[watch.event].kind === 'reviews' && budget.allowsRequest(false))
			account.duplicates = await askDuplicates(ctx, watch, project, budget);
	} catch (error) {
		// What was read before stands; the rest is the project's failure to be read.
		if (isOutOfBudget(error)) account.notRead = true;
		else account.failure = failureOf(error);
	}
}

/** The service's answer and its hint, short (a project's account holds no key: errors are redacted). */
function failureOf(error: unknown): FetchAccount['failure'] {
	const { message, description } = error as { message?: string; description?: string | null };
	return {
		message: String(message ?? error).slice(0, 300),
		description: description ? String(description).slice(0, 300) : undefined,
	};
}
