import { showForResource } from '../../descriptors/operation';
import { recordIdParameter } from '../../helpers/params';

export const { property: chargeIdProperty, read: getChargeId } = recordIdParameter({
	name: 'chargeId',
	displayName: 'Charge',
	recordName: 'charge',
});

export const showFor = showForResource('charge');
