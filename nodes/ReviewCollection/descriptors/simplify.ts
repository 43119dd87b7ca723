import type { INodeProperties } from 'n8n-workflow';

import type { SimplifyKind } from '../helpers/summaries';

const SUMMARY: Record<SimplifyKind, string> = {
	review: 'ID, score, text, reply, dates, reviewer, customer, source, location, tag slugs, URLs',
	customer:
		'ID, name, email, phone, company, notes, location, tag slugs, status flags, dates, links',
	message: 'ID, channel, status, template, customer, failure reason, delivery dates',
};

/** The "Simplify" switch (README, "Simplify") of an operation (or trigger) that outputs records of `kind`. */
export function simplifyProperty(kind: SimplifyKind): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		hint: `A flat summary of each ${kind}: ${SUMMARY[kind]}; dates as ISO 8601`,
	};
}
