import { anyOrder } from '../concurrency';
import { customerSubList, subListDescription } from './shared';

export const lane = anyOrder;

export const description = subListDescription('getCharges');

/** GET /project/customers/{id}/charges, one item per record. */
export const execute = customerSubList((id) => `/project/customers/${id}/charges`);
