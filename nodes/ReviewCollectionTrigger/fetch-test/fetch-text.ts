/**
 * The text a user reads when Fetch Test Event finds nothing (contract §11): per project what was read,
 * what each filter excluded, what could not be read and any guess the trigger fell back on. All
 * Projects: the projects that decide it in full, the rest counted; bounded for any number. Pure.
 */
import { GUESSES } from '../../ReviewCollection/transport/guesses';
import type { TriggerEvent } from '../events/events';
import { EVENTS } from '../events/events';
import type { FetchAccount } from './fetch-test';
import { FILTER_LABELS } from '../events/filter-note';
import type { ListRecord } from '../state/cursor';
import type { Watch } from '../reading/list-request';

/** Projects told in full: those that could not be read, then those with the newest records. */
const FAILED_SHOWN = 3;
const SHOWN = 8;
const LINE_MAX = 700;

const NOUNS = {
	reviews: ['review', 'reviews'],
	messages: ['message', 'messages'],
	customers: ['customer', 'customers'],
} as const;

/** What has not happened when a list holds no record with the event's moment ("no message has …"). */
const NONE_YET: Record<TriggerEvent, string> = {
	newReview: 'been created',
	reviewReplied: 'been replied to',
	reviewUnanswered: 'been created',
	newMessage: 'been created',
	messageDelivered: 'been delivered',
	messageOpened: 'been opened',
	messageClicked: 'been clicked',
	messageFailed: 'failed',
	newCustomer: 'been added',
	customerUnsubscribed: 'unsubscribed',
};

/** What happened at the event's moment ("the newest replied at …"). */
const VERBS: Record<TriggerEvent, string> = {
	newReview: 'created',
	reviewReplied: 'replied',
	reviewUnanswered: 'created',
	newMessage: 'created',
	messageDelivered: 'delivered',
	messageOpened: 'opened',
	messageClicked: 'clicked',
	messageFailed: 'failed',
	newCustomer: 'added',
	customerUnsubscribed: 'unsubscribed',
};

export function fetchExplanation(
	watch: Watch,
	accounts: FetchAccount[],
	allProjects: boolean,
): string {
	const end = closing(accounts);
	if (!allProjects) return [...sentencesOf(watch, accounts[0] ?? {}).map(sentence), end].join('\n');
	if (accounts.length === 0) return `The agency has no projects. ${end}`;
	const shown = decisive(watch.event, accounts);
	const lines = shown.map((account) => line(watch, account));
	const rest = accounts.filter((account) => !shown.includes(account));
	if (rest.length > 0) lines.push(summary(watch, rest));
	const count = accounts.length === 1 ? 'the 1 project' : `any of the ${accounts.length} projects`;
	return [`Nothing matched in ${count} of the agency.`, ...lines, end].join('\n');
}

function closing(accounts: FetchAccount[]): string {
	const failed = accounts.some((account) => account.failure);
	return (
		(failed
			? 'A project that cannot be read is read again by every poll once the cause is fixed. '
			: '') +
		'Make a matching event happen once, or loosen the filters. An active trigger fires only for events after its activation (or since Options → Start From): see "Why didn\'t it fire?" in the package\'s docs/trigger.md.'
	);
}

/** The projects that decide it: those that could not be read, then those with the newest records. */
function decisive(event: TriggerEvent, accounts: FetchAccount[]): FetchAccount[] {
	const failed = accounts.filter((account) => account.failure).slice(0, FAILED_SHOWN);
	const read = accounts
		.filter((account) => !account.failure && (account.tally?.count ?? 0) > 0)
		.sort(
			(a, b) => (timeOf(b.tally!.newest!, event) ?? 0) - (timeOf(a.tally!.newest!, event) ?? 0),
		);
	const others = accounts.filter((account) => !failed.includes(account) && !read.includes(account));
	return [...failed, ...read, ...others].slice(0, Math.max(SHOWN, failed.length));
}

function line(watch: Watch, account: FetchAccount): string {
	const ref = account.project;
	const name = ref ? `Project ${ref.id} (${ref.name})` : 'The project';
	const text = `${name}: ${sentencesOf(watch, account).join('; ')}.`;
	return text.length > LINE_MAX ? `${text.slice(0, LINE_MAX - 1)}…` : text;
}

/** One project's account as clauses (lower case, no final stop). */
function sentencesOf(watch: Watch, account: FetchAccount): string[] {
	const [one, many] = NOUNS[EVENTS[watch.event].kind];
	const clauses: string[] = [];
	if (account.failure) {
		const { message, description } = account.failure;
		clauses.push(
			`cannot be read: ${description ? `${message} ${noStop(description)}` : noStop(message)}`,
		);
	}
	if (account.refused)
		clauses.push(
			`the service refused the filters as query parameters (${noStop(account.refused)}): read without them, each record tested by the trigger as an active poll does`,
		);
	const tally = account.tally;
	if (tally) {
		const n = tally.count;
		const of = tally.total !== undefined && tally.total > n ? ` of ${tally.total}` : '';
		const verb = VERBS[watch.event];
		if (n === 0)
			clauses.push(
				EVENTS[watch.event].moment === 'id'
					? `it has no ${many}`
					: `no ${one} has ${NONE_YET[watch.event]} yet`,
			);
		else if (n === 1)
			clauses.push(
				`read 1 ${one}${of} (id ${tally.newest!.id}), ${verb} ${when(tally.newest!, watch.event)}`,
			);
		else
			clauses.push(
				`read the ${n} newest ${many}${of}; the newest (id ${tally.newest!.id}) ${verb} ${when(tally.newest!, watch.event)}`,
			);
		for (const { rule, count, example } of tally.excluded())
			clauses.push(
				n === 1
					? `${rule} excludes it (it ${example})`
					: `${rule}: ${count} of the ${n} newest ${many} excluded, the newest ${example}`,
			);
	}
	for (const name of account.askedNone ?? [])
		clauses.push(
			`${FILTER_LABELS[name] ?? name} ${String(watch.filters[name])}: the service lists no ${one} with it`,
		);
	const duplicates = duplicateClause(account);
	if (duplicates) clauses.push(duplicates);
	if (account.notRead)
		clauses.push(
			tally || account.failure
				? 'not read further: the time n8n gives a poll ran out'
				: 'not read: the time n8n gives a poll ran out before this project',
		);
	return clauses;
}

function duplicateClause(account: FetchAccount): string | undefined {
	const answer = account.duplicates;
	if (!answer) return undefined;
	const listed = account.tally?.newest;
	if (answer.facet && answer.newest && (!listed || answer.newest.id > listed.id))
		return `the newest review (id ${answer.newest.id}) is flagged as a duplicate: duplicates are not listed and never fire`;
	if (!answer.facet && answer.tried.length > 0)
		return `the service took no value tried for the duplicate facet (${answer.tried
			.map(({ facet, answer: said }) => `${GUESSES.facet.name}=${facet}: ${said}`)
			.join('; ')}): reviews flagged as duplicates, which never fire, were not looked for`;
	return undefined;
}

/** The projects not told in full, counted by what was found. */
function summary(watch: Watch, rest: FetchAccount[]): string {
	const many = NOUNS[EVENTS[watch.event].kind][1];
	const failures = new Map<string, number>();
	const rules = new Map<string, number>();
	let empty = 0;
	let excluded = 0;
	let notRead = 0;
	for (const account of rest) {
		if (account.failure) add(failures, account.failure.message.slice(0, 120));
		else if (account.notRead && !account.tally) notRead++;
		else if ((account.tally?.count ?? 0) === 0) empty++;
		else {
			excluded++;
			for (const { rule, count } of account.tally!.excluded()) add(rules, rule, count);
		}
	}
	const parts: string[] = [];
	if (failures.size > 0)
		parts.push(
			`${sum(failures)} cannot be read (${top(failures)
				.map(([text, n]) => `${n} with "${noStop(text)}"`)
				.join('; ')})`,
		);
	if (excluded > 0)
		parts.push(
			`${excluded} have ${many}, every one excluded (${top(rules)
				.map(([rule, n]) => `${rule}: ${n} ${many}`)
				.join('; ')})`,
		);
	if (empty > 0) parts.push(`${empty} have no ${many} that count`);
	if (notRead > 0) parts.push(`${notRead} not read: the time n8n gives a poll ran out`);
	return `The other ${rest.length} projects: ${parts.join('; ')}.`;
}

const add = (map: Map<string, number>, key: string, by = 1) =>
	map.set(key, (map.get(key) ?? 0) + by);
const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
const top = (map: Map<string, number>) =>
	[...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);

/** Without its final full stop (a clause goes inside a sentence). */
const noStop = (text: string) => text.replace(/\.\s*$/, '');

const sentence = (clause: string) => `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`;

/** The record's time at the event's moment (created_at for "appears" events), Unix seconds. */
function timeOf(record: ListRecord, event: TriggerEvent): number | undefined {
	const field = EVENTS[event].moment !== 'id' ? EVENTS[event].moment : undefined;
	const value = field ? record[field] : (record.created_at ?? record.updated_at);
	return typeof value === 'number' ? value : undefined;
}

function when(record: ListRecord, event: TriggerEvent): string {
	const seconds = timeOf(record, event);
	return seconds === undefined
		? ''
		: `at ${new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')}`;
}
