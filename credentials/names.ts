/** The two credential types: their names (node-contract.md §2: saved workflows depend on them) and display names, defined once. */
export const AGENCY_API = {
	name: 'reviewCollectionAgencyApi',
	displayName: 'Review Collection Agency API',
} as const;

export const PROJECT_API = {
	name: 'reviewCollectionProjectApi',
	displayName: 'Review Collection Project API',
} as const;
