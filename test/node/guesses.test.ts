/**
 * The guess table (nodes/ReviewCollection/transport/guesses.ts) and docs/assumptions.md in step: every
 * row in both with the same number and the same probe ids, every probe id a check of Check Service, and
 * the counts the document gives. No test of what the names are: the document is where they are decided.
 */
import fs from 'node:fs';
import path from 'node:path';

import { CHECKS } from '../../nodes/ReviewCollection/actions/diagnostics/probe/run';
import { GUESSES } from '../../nodes/ReviewCollection/transport/guesses';

const doc = fs.readFileSync(path.join(__dirname, '../../docs/assumptions.md'), 'utf8');
const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/** The guess rows of the document: number → the ids of its Probe column (the last cell). */
const documented = new Map(
	doc
		.split('\n')
		.filter((line) => /^\| \d+ \|/.test(line))
		.map((line) => {
			const cells = line.split('|').map((cell) => cell.trim());
			return [Number(cells[1]), ticked(cells[cells.length - 2]).sort()] as const;
		}),
);
const table = new Map<number, string[]>(
	Object.values(GUESSES).map((guess) => [guess.row, [...guess.probe].sort()] as const),
);

test('every row of the document is in the table and every row of the table in the document', () => {
	expect([...table.keys()].sort((a, b) => a - b)).toEqual(
		[...documented.keys()].sort((a, b) => a - b),
	);
	expect(table.size).toBe(Number(/## The guesses: (\d+)/.exec(doc)?.[1]));
});

test.each([...documented.keys()])('row %i: the same probe ids in both', (row) => {
	expect(table.get(row)).toEqual(documented.get(row));
});

test('every probe id of the table is a check, and every check is a row or a spec-named date key', () => {
	const checks = CHECKS.map((check) => check.id);
	const probed = [...table.values()].flat();
	for (const id of probed)
		expect({ id, checked: checks.includes(id) }).toEqual({ id, checked: true });
	const specNamed = ticked(
		doc.slice(doc.indexOf('## What is not a guess'), doc.indexOf('## The guesses')),
	);
	for (const id of checks)
		expect({ id, documented: probed.includes(id) || specNamed.includes(id) }).toEqual({
			id,
			documented: true,
		});
	expect(new Set(checks).size).toBe(checks.length);
	expect(doc.replace(/\s+/g, ' ')).toContain(`(${checks.length} checks over the rows below`);
});
