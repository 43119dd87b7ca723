import { resourceOperations } from '../operationList';
import * as explainTrigger from './explainTrigger.operation';

export const { operations, description } = resourceOperations('diagnostics', 'explainTrigger', [
	explainTrigger,
]);
