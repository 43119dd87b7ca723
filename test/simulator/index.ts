/**
 * Review Collection Service API simulator (written from the spec, independent of the node code).
 *
 *   const sim = await ApiSimulator.start();
 *   fetch(`${sim.baseUrl}/project/reviews`, { headers: { Authorization: `Bearer ${sim.defaultProject().key}` } });
 *   await sim.stop();
 */
export { ApiSimulator } from './simulator';
export type {
	ReviewInput,
	CustomerInput,
	MessageInput,
	ChargeInput,
	ClientInput,
	RecordKind,
} from './simulator';
export type { Fault, FaultRule, LoggedRequest, SimulatorOptions } from './types';
export type {
	SimState,
	SimProject,
	ReviewRecord,
	CustomerRecord,
	ChargeRecord,
	MessageRecord,
	AskRecord,
	ClientRecord,
	SourceRecord,
	ShareTemplateRecord,
	LocationRecord,
	TagRecord,
	ImageRecord,
	Features,
	SendLimits,
} from './state';
export { messageStatus } from './model';
export { CLIENT_ROLES } from './agency';
export { SPRITE_RE } from './sources-templates-asks';
export { PNG } from './server';
