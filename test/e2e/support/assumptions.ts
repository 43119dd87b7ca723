/**
 * How many checks docs/assumptions.md says Check Service runs ("(N checks over the rows below"): the
 * count its output in the real app must have, one item per check.
 */
import fs from 'node:fs';
import path from 'node:path';

export function documentedCheckCount(): number {
	const doc = fs.readFileSync(path.join(__dirname, '../../../docs/assumptions.md'), 'utf8');
	const count = /\((\d+) checks over the rows below/.exec(doc.replace(/\s+/g, ' '))?.[1];
	if (!count) throw new Error('docs/assumptions.md no longer says how many checks there are');
	return Number(count);
}
