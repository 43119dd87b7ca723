import { showForResource } from '../../descriptors/operation';

export const showFor = showForResource('diagnostics');
