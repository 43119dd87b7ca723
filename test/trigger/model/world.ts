/**
 * The service side of the model: what each step does to the simulator's state (straight to the state,
 * as the service itself would), and what the trigger's event "sees" in a state: its occurrences. An
 * occurrence is one firing the contract speaks of: a record appearing (newReview, newCustomer), a moment
 * set to a time (reviewReplied, messageDelivered, messageOpened: key includes the time), or a review's
 * reply deadline passing while it is unanswered (reviewUnanswered).
 */
import type { ApiSimulator, SimProject } from '../../simulator';
import type { ModelEvent, Mutation, When } from './history';
import { isMomentEvent } from './history';

export const UNANSWERED_HOURS = 1;
const DAY = 86_400;

export interface Occurrence {
	key: string;
	project: number;
	/** The moment (replied/delivered/opened time, the reply deadline) or the record's date (created_at). */
	moment: number;
}

export interface Snapshot {
	at: number;
	occurrences: Map<string, Occurrence>;
	/**
	 * `project:id` of every record, listed or not (to tell an import from a record that was there), but
	 * those that have not joined the lists yet (the late-joins dialect: test/simulator/late-join.ts).
	 */
	records: Set<string>;
	/** `project:id` of the records created that the lists do not show yet. */
	pending: Set<string>;
}

type Row = { id: number; created_at: number } & Record<string, unknown>;

const LIST: Record<ModelEvent, 'reviews' | 'messages' | 'customers'> = {
	newReview: 'reviews',
	reviewReplied: 'reviews',
	reviewUnanswered: 'reviews',
	messageDelivered: 'messages',
	messageOpened: 'messages',
	newCustomer: 'customers',
};

const MOMENT_FIELD: Partial<Record<ModelEvent, string>> = {
	reviewReplied: 'replied_at',
	messageDelivered: 'delivered_at',
	messageOpened: 'opened_at',
};

export const listPath = (event: ModelEvent) => `/project/${LIST[event]}`;

export const nowSec = () => Math.floor(Date.now() / 1000);

const unanswered = (r: Row) => r.replied_at === null && !r.has_reply;

/** The records of the event's list as the list shows them (duplicates, and records not joined yet, are not). */
function rows(project: SimProject, event: ModelEvent): Row[] {
	const items = joined(project, event);
	return LIST[event] === 'reviews' ? items.filter((r) => !r.is_duplicate) : items;
}

/** The key of an emitted item (null if the item does not name its record). */
export function keyOfItem(
	event: ModelEvent,
	json: Record<string, unknown>,
	fallbackProject: number,
): string {
	const project = (json.project as { id?: number } | undefined)?.id ?? fallbackProject;
	const field = MOMENT_FIELD[event];
	return field
		? `${project}:${String(json.id)}@${String(json[field])}`
		: `${project}:${String(json.id)}`;
}

/** The records the lists show now (all but those that join late and have not yet). */
function joined(project: SimProject, event: ModelEvent): Row[] {
	return project[LIST[event]].view('id', (r) => r.id) as unknown as Row[];
}

export function snapshot(sim: ApiSimulator, event: ModelEvent): Snapshot {
	const at = nowSec();
	const occurrences = new Map<string, Occurrence>();
	const records = new Set<string>();
	const pending = new Set<string>();
	const field = MOMENT_FIELD[event];
	for (const project of sim.state.projects) {
		for (const r of joined(project, event)) records.add(`${project.id}:${r.id}`);
		for (const r of project[LIST[event]].items)
			if (!records.has(`${project.id}:${r.id}`)) pending.add(`${project.id}:${r.id}`);
		for (const r of rows(project, event)) {
			const recordKey = `${project.id}:${r.id}`;
			if (field) {
				const moment = r[field] as number | null;
				if (moment !== null) {
					const key = `${recordKey}@${moment}`;
					occurrences.set(key, { key, project: project.id, moment });
				}
			} else if (event === 'reviewUnanswered') {
				const deadline = r.created_at + UNANSWERED_HOURS * 3600;
				if (deadline <= at && unanswered(r))
					occurrences.set(recordKey, { key: recordKey, project: project.id, moment: deadline });
			} else {
				occurrences.set(recordKey, { key: recordKey, project: project.id, moment: r.created_at });
			}
		}
	}
	return { at, occurrences, records, pending };
}

/** The newest moment set in a project (the busy end of its list). */
function newestMoment(project: SimProject, event: ModelEvent): number | undefined {
	const field = MOMENT_FIELD[event]!;
	let newest: number | undefined;
	for (const r of rows(project, event)) {
		const m = r[field] as number | null;
		if (m !== null && (newest === undefined || m > newest)) newest = m;
	}
	return newest;
}

function momentTime(when: When, newest: number | undefined, windowMinutes: number, pick: number) {
	const now = nowSec();
	const top = newest ?? now;
	const window = windowMinutes * 60;
	switch (when) {
		case 'now':
			return Math.max(now, top);
		case 'same':
			return top;
		case 'inside':
			return top - 5 - Math.floor(pick * (window - 20));
		case 'outside':
			return top - window - 60 - Math.floor(pick * 3 * DAY);
	}
}

/** `count` records from the list, starting at a picked place (wrapping). */
function picked<T>(list: T[], pick: number, count = 1): T[] {
	if (list.length === 0) return [];
	const start = Math.floor(pick * list.length);
	return Array.from(
		{ length: Math.min(count, list.length) },
		(_, i) => list[(start + i) % list.length],
	);
}

/** A project for a step: the watched project most of the time, else another one. */
export function projectFor(sim: ApiSimulator, pick: number): SimProject {
	const projects = sim.state.projects;
	const other = (pick * 7919) % 1;
	if (other < 0.55 || projects.length === 1) return projects[0];
	return projects[1 + (Math.floor(other * (projects.length - 1)) % (projects.length - 1))];
}

let customers = 0;

/** `count` new records; `old`: imported with an old date (reviews for reviewUnanswered: due already, or soon). */
export function create(
	sim: ApiSimulator,
	event: ModelEvent,
	p: SimProject,
	count: number,
	old: boolean,
	pick: number,
) {
	const now = nowSec();
	const kind = LIST[event];
	const past =
		event === 'reviewUnanswered' && pick < 0.5
			? now - 50 * 60
			: now - Math.ceil((pick + 0.1) * 30) * DAY;
	const created_at = old ? past : undefined;
	if (kind === 'reviews') sim.addReviews(p.id, count, { score: 4, created_at });
	else if (kind === 'messages') sim.addMessages(p.id, count, { created_at });
	else
		for (let i = 0; i < count; i++)
			sim.addCustomer(p.id, {
				email: `model.${++customers}@example.com`,
				created_at: created_at ?? now,
			});
}

function setReply(p: SimProject, review: Row, at: number | null) {
	review.replied_at = at;
	review.has_reply = at !== null;
	review.reply = at === null ? '' : 'Thank you!';
	p.reviews.touched('replied_at', 'updated_at');
}

function setMoments(sim: ApiSimulator, event: ModelEvent, p: SimProject, list: Row[], at: number) {
	const field = MOMENT_FIELD[event] as 'delivered_at' | 'opened_at';
	for (const row of list) {
		if (event === 'reviewReplied') setReply(p, row, at);
		else sim.setMessageTime(p.id, row.id, field, at);
	}
}

export function apply(
	sim: ApiSimulator,
	event: ModelEvent,
	windowMinutes: number,
	m: Mutation,
): void {
	if (m.kind === 'addProject') {
		const p = sim.createProject(`Client ${sim.state.projects.length + 1}`);
		create(sim, event, p, m.count, false, 0.5);
		if (isMomentEvent(event)) setMoments(sim, event, p, rows(p, event), nowSec());
		return;
	}
	const p = projectFor(sim, m.pick);
	const field = MOMENT_FIELD[event];
	switch (m.kind) {
		case 'create':
			return create(sim, event, p, m.count, m.old, m.pick);
		case 'remove': {
			const [row] = picked(p[LIST[event]].items as unknown as Row[], m.pick);
			if (row) p[LIST[event]].remove(row.id);
			return;
		}
		case 'removeMany': {
			const items = p[LIST[event]].items as unknown as Row[];
			const doomed = picked(items, m.oldest ? 0 : m.pick, m.count).map((row) => row.id);
			for (const id of doomed) p[LIST[event]].remove(id);
			return;
		}
		case 'moment': {
			if (!field) return;
			const at = momentTime(m.when, newestMoment(p, event), windowMinutes, m.pick);
			return setMoments(sim, event, p, picked(rows(p, event), m.pick, m.count), at);
		}
		case 'withdraw': {
			const reviews = rows(p, 'reviewReplied');
			if (event === 'reviewUnanswered') {
				// Answer a review, or take an answer back.
				const [review] = picked(reviews, m.pick);
				if (review) setReply(p, review, unanswered(review) ? nowSec() : null);
				return;
			}
			const edge = (newestMoment(p, 'reviewReplied') ?? nowSec()) - windowMinutes * 60 - 60;
			const replied = reviews.filter((r) => r.replied_at !== null);
			const [review] = picked(
				replied.filter((r) => (r.replied_at as number) < edge === m.outside),
				m.pick,
			);
			if (review) setReply(p, review, null);
			return;
		}
		case 'flag': {
			const reviews = p.reviews.items.filter((r) => r.is_duplicate !== m.duplicate);
			const [review] = picked(reviews, m.pick);
			if (review) review.is_duplicate = m.duplicate;
			p.reviews.touched();
			return;
		}
	}
}

/** The state before activation: records of every kind, some with moments long ago and lately. */
export function setUp(sim: ApiSimulator, projects: number): void {
	for (let i = 0; i < projects; i++) sim.createProject(`Client ${i + 2}`);
	const now = nowSec();
	for (const p of sim.state.projects) {
		// The watched project has enough records for a busy second of more than a page (100).
		const more = p === sim.state.projects[0] ? 230 : 0;
		sim.addReviews(p.id, 20 + more, { score: 4, created_at: now - 10 * DAY });
		sim.addReviews(p.id, 5, { score: 5, created_at: now - 30 * 60 });
		sim.addMessages(p.id, 20 + more, { created_at: now - 10 * DAY });
		for (let i = 0; i < 3; i++)
			sim.addCustomer(p.id, { email: `model.${++customers}@example.com` });
		const reviews = p.reviews.items;
		// Every 4th record has a moment days old: a late moment set on one withdraws it far outside the window.
		reviews.forEach((r, i) => i % 4 === 0 && setReply(p, r as unknown as Row, now - 5 * DAY + i));
		reviews.slice(8, 12).forEach((r, i) => setReply(p, r as unknown as Row, now - 120 + i * 10));
		// Two reviews flagged duplicate at activation (un-flagging one later must not fire: defect 10).
		reviews.slice(14, 16).forEach((r) => (r.is_duplicate = true));
		p.reviews.touched();
		const messages = p.messages.items;
		messages.forEach((m, i) => {
			if (i % 4 !== 0) return;
			sim.setMessageTime(p.id, m.id, 'delivered_at', now - 5 * DAY + i);
			sim.setMessageTime(p.id, m.id, 'opened_at', now - 4 * DAY + i);
		});
	}
}
