import { showForResource } from '../../descriptors/operation';
import { recordIdParameter } from '../../descriptors/locators';

/** The charge an operation acts on: its locator and its reader (and the lane of changes to it). */
export const chargeIdParameter = recordIdParameter({
	name: 'chargeId',
	displayName: 'Charge',
	recordName: 'charge',
});
export const { property: chargeIdProperty, read: getChargeId } = chargeIdParameter;

export const showFor = showForResource('charge');
