/**
 * The Charge → Create parameters of a CRM sync with "Skip If Already Recorded": each CRM item carries
 * `amount`, `currency`, `email`, `phone` and `paidAt`. Shared by the skip-existing tests.
 */
import type { IDataObject } from 'n8n-workflow';

export const chargeSync = (extra: IDataObject = {}) => ({
	resource: 'charge',
	operation: 'create',
	amount: '={{ $json.amount }}',
	currency: '={{ $json.currency }}',
	additionalFields: {
		email: '={{ $json.email }}',
		phone: '={{ $json.phone }}',
		chargedAt: '={{ $json.paidAt }}',
	},
	options: { skipExisting: true },
	...extra,
});
