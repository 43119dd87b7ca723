/** Everything that talks HTTP to the service goes through here: auth, envelope, errors, retries, pagination. */
export { answerError, apiRequest, apiRequestForKey, DEFAULT_SETTINGS } from './request';
export { downloadImage } from './download';
export type { ApiEnvelope, ApiRequest, Pagination, RequestSettings } from './request';
export { apiRequestAllItems, PAGE_SIZE, recordsOf } from './pagination';
export type { AllItemsRequest } from './pagination';
export { AGENCY_CREDENTIAL, PROJECT_CREDENTIAL } from './credentials';
export type { ApiContext } from './credentials';
export { kindOf } from './errors';
