/**
 * Explain Trigger, pure: what the trigger's account says of one record (contract §11): `fired`,
 * `waiting`, `never` or `unknown`, with a sentence naming the rule and the values. Only what the state
 * shows: what it does not keep is `unknown`, with what could not be read.
 */
import type { IDataObject } from 'n8n-workflow';

import type {
	Account,
	ProjectAccount,
	WithheldReason,
} from '../../../ReviewCollectionTrigger/state/account';
import { LAST_IDS, WITHHELD_REASONS } from '../../../ReviewCollectionTrigger/state/account';
import type { TriggerNode } from './trigger-stand';
import { iso } from './trigger-stand';

export type Verdict = 'fired' | 'waiting' | 'never' | 'unknown';

export interface RecordAnswer extends IDataObject {
	id: number;
	verdict: Verdict;
	reason: string;
}

/** Events whose moment is the record's appearance: its id tells where it stands. */
const BY_ID = ['newReview', 'newCustomer'];

export function recordVerdict(
	id: number,
	trigger: TriggerNode,
	state: IDataObject,
	account: Account,
): RecordAnswer {
	for (const [key, project] of Object.entries(account.projects)) {
		const found = fromAccount(id, trigger, state, project);
		if (found) return key === 'own' ? found : { ...found, project: key };
	}
	return notKept(id, trigger, state, account);
}

function fromAccount(
	id: number,
	trigger: TriggerNode,
	state: IDataObject,
	project: ProjectAccount,
): RecordAnswer | undefined {
	const fired = project.emitted?.last.find(([known]) => known === id);
	if (fired)
		return {
			id,
			verdict: 'fired',
			reason: `It fired: the poll at ${iso(fired[1])} emitted it (an execution of this workflow started with it).`,
			firedAt: iso(fired[1]),
		};
	if (project.held?.keys.some(([, known]) => known === id))
		return {
			id,
			verdict: 'waiting',
			reason: `It waits: the poll at ${iso(project.polled)} found it and left it for the next poll (Max Events per Poll ${maxEvents(trigger)}, or the poll's time ran out); the next poll delivers it.`,
		};
	for (const reason of WITHHELD_REASONS) {
		const entry = project.never?.[reason]?.last.find(([known]) => known === id);
		if (entry)
			return {
				id,
				verdict: 'never',
				reason: neverSentence(reason, entry[1], trigger, state, project),
			};
	}
	return undefined;
}

function neverSentence(
	reason: WithheldReason,
	detail: number | string,
	trigger: TriggerNode,
	state: IDataObject,
	project: ProjectAccount,
): string {
	const activatedAt = Number(state.activatedAt);
	switch (reason) {
		case 'filter':
			return `A filter excluded it when its event happened: ${String(detail)}. Filters are tested once, when the event happens; a record that starts matching later does not fire for it.`;
		case 'beforeStart':
			return typeof detail === 'number' && detail < activatedAt
				? `Its event happened before Start From (${iso(detail)}): only events after Start From are delivered.`
				: `It was there when the trigger started: created before activation at ${iso(activatedAt)}. The first poll after activation only records where the list stands.`;
		case 'addedLater':
			return `Its project was added to the agency after activation: only records that appear after the trigger first saw the project (${iso(detail)}) fire, and this one was there, or dated, before.`;
		case 'outsideWindow':
			return `Its event (at ${iso(detail)}) was recorded late, below the Late Event Window (${lateWindow(trigger)} minutes below the newest event the trigger had handled): the trigger had moved past it.`;
		case 'deleted':
			return `A poll found it and left it for the next (Max Events per Poll ${maxEvents(trigger)}, or the poll's time); before that poll it was gone (deleted, or it left the list: flagged duplicate, archived). Last read at ${iso(project.polled)}.`;
	}
}

/** Not among the ids the account keeps: what the cursor tells, else unknown (and why). */
function notKept(
	id: number,
	trigger: TriggerNode,
	state: IDataObject,
	account: Account,
): RecordAnswer {
	const kept = `The trigger's account keeps the last ${LAST_IDS} ids of each outcome per project, and ${id} is not among them`;
	if (!BY_ID.includes(trigger.event))
		return {
			id,
			verdict: 'unknown',
			reason: `${kept}. Its event ${trigger.event} is ordered by a time of the record, which this operation does not read (it uses only n8n's API), so where the record stands cannot be told.`,
		};
	const cursors = Object.entries((state.projects ?? {}) as IDataObject);
	for (const [key, value] of cursors) {
		const cursor = value as IDataObject;
		const floor = Array.isArray(cursor.floor) ? Number(cursor.floor[0]) : NaN;
		const moment = Number(cursor.moment);
		const where = key === 'own' ? '' : ` (project ${key})`;
		if (id <= floor)
			return {
				id,
				verdict: 'unknown',
				reason: `${kept}. It lies at or below what the trigger has handled${where} (up to id ${floor}): an earlier poll fired or withheld it, and which cannot be read. ${counts(account.projects[key])}`,
			};
		if (cursor.backlog === true && id > moment && cursors.length === 1)
			return {
				id,
				verdict: 'waiting',
				reason: `Not read yet: the trigger is reading a backlog oldest first and has handled up to id ${moment}; the next polls read id ${id} (it fires then if it is in the list and passes the filters).`,
			};
	}
	return {
		id,
		verdict: 'unknown',
		reason: `${kept}. No saved poll has read it: it appeared after the poll at ${iso(account.polled)} (the next poll reads it), or it is not in the list the trigger watches (another project, a duplicate review, an archived customer). Polls that emitted nothing since may have read it without being saved.`,
	};
}

function counts(project?: ProjectAccount): string {
	if (!project) return '';
	const parts = [`fired ${project.emitted?.n ?? 0}`];
	for (const reason of WITHHELD_REASONS)
		if (project.never?.[reason]) parts.push(`${reason} ${project.never[reason]!.n}`);
	return `So far: ${parts.join(', ')}.`;
}

function maxEvents(trigger: TriggerNode): number {
	return Number((trigger.parameters.options as IDataObject | undefined)?.maxEventsPerPoll ?? 1_000);
}

function lateWindow(trigger: TriggerNode): number {
	return Number((trigger.parameters.options as IDataObject | undefined)?.lateEventWindow ?? 10);
}
