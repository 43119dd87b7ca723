import fs from 'node:fs';
import path from 'node:path';

/**
 * The public contract (docs/contract.md, the names saved workflows depend on) read as data: every
 * resource/operation row of §3 must exist with its top-level parameters and the fields of its
 * collections, as the editor would show them for that operation; §11 lists what every operation and
 * the trigger add to that.
 */
export const contract = fs.readFileSync(path.join(__dirname, '../../docs/contract.md'), 'utf8');
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

export interface Row {
	resource: string;
	operations: string[];
	topLevel: string[];
	collections: Array<{ name: string; fields: string[] }>;
}

export const rows: Row[] = contract
	.split('\n')
	.filter((line) => /^\| `[a-zA-Z]+` \| `[a-zA-Z]+`/.test(line))
	.map((line) => line.split('|').map((cell) => cell.trim()))
	.filter((cells) => cells.length >= 7 && /^(GET|POST|PUT|DELETE)/.test(cells[3]))
	.map((cells) => ({
		resource: ticked(cells[1])[0],
		operations: ticked(cells[2]),
		// Remarks in brackets ("empty sends `null`") are not parameter names.
		topLevel: ticked(cells[4].replace(/\(.*?\)/g, '')),
		collections: cells[5]
			// Remarks in brackets ("(boolean: also fetch …)") are not names.
			.replace(/\(.*?\)/g, '')
			.split(';')
			.map((part) => part.trim())
			.filter(Boolean)
			.map((part) => {
				const [name, fields] = part.split(':');
				return { name: ticked(name)[0], fields: fields.split(',').map(clean) };
			}),
	}));

function clean(field: string): string {
	return field.replace(/\(.*$/, '').trim();
}

/** The text of one numbered section (`## 10. …`), up to the next numbered section. */
export function section(number: number): string {
	const start = contract.search(new RegExp(`^## ${number}\\. `, 'm'));
	if (start < 0) throw new Error(`docs/contract.md has no section ${number}`);
	const rest = contract.slice(start + 1);
	const end = rest.search(/^## \d+\. /m);
	return end < 0 ? rest : rest.slice(0, end);
}

/** The rows (cells, trimmed) of the table under a `### heading` of a section. */
export function table(text: string, heading: string): string[][] {
	const start = text.indexOf(`### ${heading}\n`);
	if (start < 0) throw new Error(`no table "${heading}"`);
	const lines = text.slice(start).split('\n').slice(1);
	const body = lines.slice(
		0,
		lines.findIndex((line, i) => i > 0 && !line.startsWith('|')),
	);
	return body.slice(2).map((line) =>
		line
			.split('|')
			.slice(1, -1)
			.map((cell) => cell.trim()),
	);
}

/**
 * "`name`: a, b" → ['name.a', 'name.b']; "`name`" → ['name'] (the names a cell of §11 fixes).
 * Text in brackets is a remark, not a name.
 */
export function namesIn(cell: string): string[] {
	const [head, fields] = cell.replace(/\(.*?\)/g, '').split(':');
	const names = ticked(head);
	if (fields === undefined) return names;
	return fields
		.split(',')
		.map(clean)
		.filter(Boolean)
		.map((field) => `${names[0]}.${field}`);
}

export { ticked };
