import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { apiRequest, PAGE_SIZE, recordsOf } from '../transport';
import { GUESSES } from '../transport/guesses';

/**
 * "From list" of the resource locators: one page of the API per call, filtered by the search text:
 * by the service where its list has a search (customers: its free-text search, which also matches
 * phone and company; its answer is shown as it is, contract §9), else by the label shown.
 */
interface SearchList {
	path: string;
	/** The text the editor shows for a record. */
	describe: (record: IDataObject) => string;
	/** Paged lists are read one page per call (the editor asks for the next with `token`). */
	paged?: { token?: string; searchParameter?: string };
}

async function search(
	ctx: ILoadOptionsFunctions,
	filter: string | undefined,
	{ path, describe, paged }: SearchList,
): Promise<INodeListSearchResult> {
	const page = Number(paged?.token ?? 1);
	const qs: IDataObject = paged
		? { [GUESSES.page.name]: page, [GUESSES.perPage.name]: PAGE_SIZE }
		: {};
	if (paged?.searchParameter && filter) qs[paged.searchParameter] = filter;
	const envelope = await apiRequest(ctx, { method: 'GET', path, qs });
	const records = recordsOf(ctx, envelope);
	const needle = paged?.searchParameter ? undefined : filter?.toLowerCase();
	const results: INodeListSearchItems[] = records
		.map((record) => ({ name: describe(record), value: String(record.id) }))
		.filter((item) => !needle || item.name.toLowerCase().includes(needle) || item.value === filter);
	const lastPage = Number(envelope.pagination?.last_page ?? page);
	return { results, paginationToken: paged && page < lastPage ? String(page + 1) : undefined };
}

const truncate = (text: unknown, length: number) => {
	const value = String(text ?? '');
	return value.length > length ? `${value.slice(0, length - 1)}…` : value;
};

export async function searchProjects(this: ILoadOptionsFunctions, filter?: string) {
	return await search(this, filter, {
		path: '/agency/projects',
		describe: (p) => `${p.name} (#${p.id})`,
	});
}

export async function searchClients(this: ILoadOptionsFunctions, filter?: string) {
	return await search(this, filter, {
		path: '/agency/clients',
		describe: (c) => `${c.invite_email} (#${c.id}, ${c.role_slug ?? 'no role'})`,
	});
}

export async function searchReviews(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(this, filter, {
		path: '/project/reviews',
		describe: (r) => {
			const reviewer = (r.reviewer as IDataObject | undefined)?.name ?? 'anonymous';
			const score = r.score;
			const stars =
				typeof score === 'number' && Number.isInteger(score) && score >= 1 && score <= 5
					? '★'.repeat(score)
					: '?';
			return `#${r.id} ${stars} ${reviewer}: ${truncate(r.review, 50)}`;
		},
		paged: { token },
	});
}

export async function searchCustomers(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await search(this, filter, {
		path: '/project/customers',
		describe: (c) =>
			`${c.name || c.email || c.phone || 'unnamed'} (#${c.id}${c.email ? `, ${c.email}` : ''})`,
		paged: { token, searchParameter: GUESSES.customerSearch.name },
	});
}

export async function searchSources(this: ILoadOptionsFunctions, filter?: string) {
	return await search(this, filter, {
		path: '/project/sources',
		describe: (s) => `${s.name} (${s.slug})`,
	});
}

export async function searchShareTemplates(this: ILoadOptionsFunctions, filter?: string) {
	return await search(this, filter, {
		path: '/project/share-templates',
		describe: (t) => `${t.name}${t.is_default ? ' (default)' : ''}`,
	});
}

/** "From list" of source slugs (review Set Source, Create): one unpaginated list, filtered by name or slug. */
export async function searchSourceSlugs(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const envelope = await apiRequest(this, { method: 'GET', path: '/project/sources' });
	const needle = filter?.trim().toLowerCase();
	const results = recordsOf(this, envelope)
		.filter((source) => typeof source.slug === 'string' && source.slug !== '')
		.map((source) => ({ name: `${source.name} (${source.slug})`, value: String(source.slug) }))
		.filter((item) => !needle || item.name.toLowerCase().includes(needle));
	return { results };
}
