import { idLocator } from '../../descriptors/locators';

export const chargeIdProperty = idLocator({
	name: 'chargeId',
	displayName: 'Charge',
	recordName: 'charge',
});

export function showFor(operation: string) {
	return { show: { resource: ['charge'], operation: [operation] } };
}
