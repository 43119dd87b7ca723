import { resourceOperations } from '../operationList';
import * as create from './create.operation';

export const { operations, description } = resourceOperations('ask', 'create', [create]);
