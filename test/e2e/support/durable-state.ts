/**
 * What n8n's durable scheduler keeps in PostgreSQL, read straight from the tables (n8n 2.41.1,
 * @n8n/db entities PollerState, ScheduledTask, ExecutionEntity/ExecutionData): the committed poll
 * cursor, the poll tasks a main holds, and the items each execution of a trigger started with.
 */
import { createRequire } from 'node:module';

type Json = Record<string, any>;
type Psql = (sql: string, database?: string) => string;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const rows = (psql: Psql, sql: string) =>
	psql(sql, 'n8n')
		.split('\n')
		.filter((line) => line !== '');

/** The trigger's committed cursor (`poller_state.cursor`), undefined before its row exists. */
export function committedCursor(psql: Psql, workflowId: string): Json | undefined {
	const [row] = rows(
		psql,
		`SELECT "cursor" FROM poller_state WHERE "workflowId" = ${quote(workflowId)}`,
	);
	return row === undefined ? undefined : JSON.parse(row);
}

/** Ids of the workflow's poll tasks in a given status (`running`: claimed by a main, lease held). */
export function pollTasks(psql: Psql, workflowId: string, status: string): string[] {
	return rows(
		psql,
		`SELECT id FROM scheduled_task WHERE payload->>'workflowId' = ${quote(workflowId)} AND status = ${quote(status)}`,
	);
}

/** The workflow's poll tasks started since `sinceMs`: id, the Poll Time it is for, when it started, attempts. */
export function pollRuns(psql: Psql, workflowId: string, sinceMs: number): string[] {
	return rows(
		psql,
		`SELECT id || ' for ' || to_char("scheduledFor", 'HH24:MI:SS') || ' started '
		        || to_char("startedAt", 'HH24:MI:SS.MS') || ' attempts ' || attempts
		   FROM scheduled_task WHERE payload->>'workflowId' = ${quote(workflowId)}
		    AND "startedAt" >= to_timestamp(${sinceMs / 1000}) ORDER BY "startedAt"`,
	);
}

/** Whether every given task reached a terminal status (succeeded, failed, missed). */
export function allFinished(psql: Psql, taskIds: string[]): boolean {
	if (taskIds.length === 0) return true;
	const open = rows(
		psql,
		`SELECT id FROM scheduled_task WHERE id IN (${taskIds.join(',')}) AND status IN ('pending', 'running')`,
	);
	return open.length === 0;
}

/**
 * The items each of the workflow's executions started with (the trigger node's output), oldest
 * execution first: the order in which the trigger handed its records to n8n. Execution data is stored
 * in the `flatted` format; `n8nBin` (the app's bin/n8n) is where that package is read from.
 */
export function emittedItems(
	psql: Psql,
	n8nBin: string,
	workflowId: string,
	triggerName: string,
): Json[][] {
	const { parse: parseFlatted } = createRequire(n8nBin)('flatted');
	return rows(
		psql,
		`SELECT d.data FROM execution_entity e JOIN execution_data d ON d."executionId" = e.id
		  WHERE e."workflowId" = ${quote(workflowId)} ORDER BY e.id`,
	).map((line) => {
		const data = parseFlatted(line);
		const run = data?.resultData?.runData?.[triggerName]?.[0];
		const items =
			run?.data?.main?.[0] ?? data?.executionData?.nodeExecutionStack?.[0]?.data?.main?.[0];
		return (items ?? []).map((item: Json) => item.json);
	});
}

/** Bytes each execution of the workflow takes in `execution_data` (as stored), oldest first. */
export function executionBytes(psql: Psql, workflowId: string): number[] {
	return rows(
		psql,
		`SELECT octet_length(d.data) FROM execution_entity e JOIN execution_data d ON d."executionId" = e.id
		  WHERE e."workflowId" = ${quote(workflowId)} ORDER BY e.id`,
	).map(Number);
}
