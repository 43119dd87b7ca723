import fs from 'node:fs';
import path from 'node:path';

/**
 * The public contract (a copy of shared/design/node-contract.md, the names saved workflows depend on)
 * read as data: every resource/operation row of §3 must exist with its top-level parameters and the
 * fields of its collections, as the editor would show them for that operation.
 */
const contract = fs.readFileSync(path.join(__dirname, '../node/node-contract.md'), 'utf8');
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
