/** The package's node and credential classes; n8n itself loads them from the `n8n` section of package.json. */
export { ReviewCollectionAgencyApi } from './credentials/ReviewCollectionAgencyApi.credentials';
export { ReviewCollectionProjectApi } from './credentials/ReviewCollectionProjectApi.credentials';
export { ReviewCollection } from './nodes/ReviewCollection/ReviewCollection.node';
export { ReviewCollectionTrigger } from './nodes/ReviewCollectionTrigger/ReviewCollectionTrigger.node';
