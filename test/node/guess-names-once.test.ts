/**
 * The query names of the guess table are written once, in nodes/ReviewCollection/transport/guesses.ts:
 * the nodes, Check Service and `npm run probe` take them from there (comments may name them). The
 * response's `pagination.per_page` is the spec's field, not the guess.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const TABLE = path.join('nodes', 'ReviewCollection', 'transport', 'guesses.ts');

function files(dir: string): string[] {
	return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
		const relative = path.join(dir, entry.name);
		if (entry.isDirectory()) return files(relative);
		return /\.(ts|js)$/.test(entry.name) ? [relative] : [];
	});
}

/** The code of a file without its comments (line and block). */
const codeOf = (text: string) =>
	text
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.split('\n')
		.map((line) => line.replace(/(^|\s)\/\/.*$/, ''));

/** The names no other file may spell, and the lines where the word is the spec's response field. */
const NAMES = [/\bsort_dir\b/, /\bper_page\b/, /'duplicates'/, /\bfacet=/];
const RESPONSE_FIELD = /pagination|per_page: (number|answered)|per_page\?: unknown/;

test.each([...files('nodes'), ...files('scripts')].filter((file) => file !== TABLE))(
	'%s spells no name of the guess table',
	(file) => {
		const lines = codeOf(fs.readFileSync(path.join(ROOT, file), 'utf8'));
		const spelt = lines.filter(
			(line) => NAMES.some((name) => name.test(line)) && !RESPONSE_FIELD.test(line),
		);
		expect(spelt).toEqual([]);
	},
);
