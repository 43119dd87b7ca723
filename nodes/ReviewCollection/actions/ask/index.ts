import { resourceOperations } from '../../descriptors/operation';
import * as create from './create.operation';

export const { operations, description } = resourceOperations('ask', 'create', [create]);
