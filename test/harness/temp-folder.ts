/**
 * One private temporary folder per test run, inside the system's temp folder. Everything a test run
 * writes to os.tmpdir() (n8n's user folder, packed tarballs, the engine's own files, child processes
 * such as `npm pack` and `tar`) lands in it, because TMPDIR points there for the whole run. At the end
 * the folder is removed; anything left in it besides what the run owns is a test that does not clean
 * up after itself, and fails the run.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FOLDER_VARIABLE = 'REVIEW_COLLECTION_TEST_TMPDIR';
const TEMP_VARIABLES = ['TMPDIR', 'TMP', 'TEMP'] as const;

/** Creates the run's folder and points the temp variables at it (workers and child processes inherit them). */
export function openRunTempFolder(): string {
	const folder = mkdtempSync(join(tmpdir(), 'review-collection-test-'));
	process.env[FOLDER_VARIABLE] = folder;
	for (const name of TEMP_VARIABLES) {
		const original = process.env[name];
		process.env[`${FOLDER_VARIABLE}_${name}`] = original ?? '';
		process.env[name] = folder;
	}
	// Ctrl-C or a crash skips globalTeardown: the folder still goes when jest exits.
	process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
	return folder;
}

/** Entries of `folder` other than the `owned` ones (names relative to the folder). */
export function leftoversIn(folder: string, owned: string[]): string[] {
	return readdirSync(folder).filter((entry) => !owned.includes(entry));
}

/**
 * Removes the run's folder and restores the temp variables; returns what tests left in it.
 * `owned`: paths the run itself created there on purpose (n8n's user folder).
 */
export function closeRunTempFolder(owned: Array<string | undefined>): string[] {
	const folder = process.env[FOLDER_VARIABLE];
	if (!folder) return [];
	const names = owned.filter((path): path is string => !!path?.startsWith(`${folder}/`));
	const leftovers = leftoversIn(
		folder,
		names.map((path) => path.slice(folder.length + 1).split('/')[0]),
	);
	rmSync(folder, { recursive: true, force: true });
	for (const name of TEMP_VARIABLES) {
		const original = process.env[`${FOLDER_VARIABLE}_${name}`];
		if (original) process.env[name] = original;
		else delete process.env[name];
		delete process.env[`${FOLDER_VARIABLE}_${name}`];
	}
	delete process.env[FOLDER_VARIABLE];
	return leftovers;
}
