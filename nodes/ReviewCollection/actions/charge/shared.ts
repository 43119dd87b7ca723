import { idLocator } from '../../descriptors/locators';
import { showForResource } from '../../descriptors/operation';

export const chargeIdProperty = idLocator({
	name: 'chargeId',
	displayName: 'Charge',
	recordName: 'charge',
});

export const showFor = showForResource('charge');
