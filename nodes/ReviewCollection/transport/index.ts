/** Everything that talks HTTP to the service goes through here: auth, envelope, errors, retries, pagination. */
export { answerError, apiRequest, apiRequestForKey } from './request';
export { DEFAULT_SETTINGS } from './send';
export { downloadImage } from './download';
export type { ApiEnvelope, ApiRequest, Pagination } from './request';
export type { RequestSettings } from './send';
export { apiRequestAllItems, PAGE_SIZE, recordsOf } from './pagination';
export type { AllItemsRequest } from './pagination';
export { AGENCY_CREDENTIAL, PROJECT_CREDENTIAL } from './credentials';
export { FILTER_QUERY_NAMES, GUESSES } from './guesses';
export type { ApiContext } from './credentials';
export { isOutOfBudget, isRefusal, kindOf } from './errors';
export { newExecution } from './execution';
export type { Execution } from './execution';
