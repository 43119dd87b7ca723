/**
 * Test harness: runs our nodes inside n8n's real execution engine (n8n-core WorkflowExecute,
 * PollContext/PollTriggerExecutor, RoutingNode, PackageDirectoryLoader), HTTP through n8n-core's
 * real request helpers to real servers on 127.0.0.1.
 */
export { HarnessRegistry, defaultRegistry, PACKAGE_NAME } from './registry';
export type { AnyNodeType, LazyEntry } from './registry';
export { runNode, NODE_UNDER_TEST_NAME, START_NODE_NAME } from './run-node';
export type { RunNodeOptions, RunNodeResult } from './run-node';
export { createPoller, TRIGGER_NODE_NAME } from './poller';
export type { CreatePollerOptions, Poller } from './poller';
export { testCredential } from './credential-test';
export type { TestCredentialOptions } from './credential-test';
export { readBinary } from './additional-data';
export { HarnessCredentialsHelper } from './credentials-helper';
export { runListSearch } from './list-search';
