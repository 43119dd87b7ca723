import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { apiRequest, recordsOf } from '../transport';

/** "From list" of the resource locators: one page of the API per call, filtered by the search text. */
type Describe = (record: IDataObject) => string;

async function search(
	ctx: ILoadOptionsFunctions,
	path: string,
	describe: Describe,
	filter: string | undefined,
	paginationToken: string | undefined,
	paginated: { searchParameter?: string } | false,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1);
	const qs: IDataObject = paginated ? { page, per_page: 100 } : {};
	if (paginated && paginated.searchParameter && filter) qs[paginated.searchParameter] = filter;
	const envelope = await apiRequest(ctx, { method: 'GET', path, qs });
	const records = recordsOf(ctx, envelope);
	const needle = filter?.toLowerCase();
	const results: INodeListSearchItems[] = records
		.map((record) => ({ name: describe(record), value: String(record.id) }))
		.filter((item) => !needle || item.name.toLowerCase().includes(needle) || item.value === filter);
	const lastPage = Number(envelope.pagination?.last_page ?? page);
	return { results, paginationToken: paginated && page < lastPage ? String(page + 1) : undefined };
}

const truncate = (text: unknown, length: number) => {
	const value = String(text ?? '');
	return value.length > length ? `${value.slice(0, length - 1)}…` : value;
};

export async function searchProjects(this: ILoadOptionsFunctions, filter?: string) {
	return await search(
		this,
		'/agency/projects',
		(p) => `${p.name} (#${p.id})`,
		filter,
		undefined,
		false,
	);
}

export async function searchClients(this: ILoadOptionsFunctions, filter?: string) {
	return await search(
		this,
		'/agency/clients',
		(c) => `${c.invite_email} (#${c.id}, ${c.role_slug ?? 'no role'})`,
		filter,
		undefined,
		false,
	);
}

export async function searchReviews(this: ILoadOptionsFunctions, filter?: string, token?: string) {
	return await search(
		this,
		'/project/reviews',
		(r) => {
			const reviewer = (r.reviewer as IDataObject | undefined)?.name ?? 'anonymous';
			const score = r.score;
			const stars =
				typeof score === 'number' && Number.isInteger(score) && score >= 1 && score <= 5
					? '★'.repeat(score)
					: '?';
			return `#${r.id} ${stars} ${reviewer}: ${truncate(r.review, 50)}`;
		},
		filter,
		token,
		{},
	);
}

export async function searchCustomers(
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: string,
) {
	return await search(
		this,
		'/project/customers',
		(c) =>
			`${c.name || c.email || c.phone || 'unnamed'} (#${c.id}${c.email ? `, ${c.email}` : ''})`,
		filter,
		token,
		{ searchParameter: 'search' },
	);
}

export async function searchSources(this: ILoadOptionsFunctions, filter?: string) {
	return await search(
		this,
		'/project/sources',
		(s) => `${s.name} (${s.slug})`,
		filter,
		undefined,
		false,
	);
}

export async function searchShareTemplates(this: ILoadOptionsFunctions, filter?: string) {
	return await search(
		this,
		'/project/share-templates',
		(t) => `${t.name}${t.is_default ? ' (default)' : ''}`,
		filter,
		undefined,
		false,
	);
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
