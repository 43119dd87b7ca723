/**
 * The key redaction of transport/errors.ts (`apiError` with `secrets`), on its own: every copy of every
 * key, wherever the answer repeats it (message, field errors and their names, nested lists, a non-JSON
 * body), is blanked, and the rest of the answer is kept. secrets.test.ts checks the same end to end.
 */
import type { INode } from 'n8n-workflow';

import { apiError } from '../../nodes/ReviewCollection/transport/errors';

const node: INode = {
	id: 'n',
	name: 'Review Collection',
	type: 'n8n-nodes-review-collection.reviewCollection',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const KEY = 'pk_live_1234567890';
const AGENCY = 'ak_live_abcdefghij';

/** The error as a user or a log could see it: message, description, and every field n8n keeps. */
function shown(body: unknown, secrets: string[] = [KEY, AGENCY]): string {
	const error = apiError(node, { status: 401, body, credentialName: 'Project API', secrets });
	return JSON.stringify({
		message: error.message,
		description: error.description,
		context: error.context,
		errorResponse: error.errorResponse,
		messages: error.messages,
	});
}

describe('key redaction in an error answer', () => {
	it('a key repeated in one message: every copy is blanked, the words around them kept', () => {
		const text = shown({ message: `Token ${KEY} is not valid (got ${KEY})` });
		expect(text).not.toContain(KEY);
		expect(text).toContain('Token [redacted] is not valid (got [redacted])');
	});

	it('two keys in one message, each twice: all four blanked', () => {
		const text = shown({ message: `${AGENCY} ${KEY} ${KEY} ${AGENCY}` });
		expect(text).not.toContain(KEY);
		expect(text).not.toContain(AGENCY);
		expect(text).toContain('[redacted] [redacted] [redacted] [redacted]');
	});

	it('keys in field errors, in a field name, in nested lists and objects: blanked, the rest kept', () => {
		const text = shown({
			message: 'Validation failed',
			errors: {
				[`key_${KEY}`]: [`${KEY} is revoked`, [`nested ${AGENCY}`]],
				api_key: { detail: `was ${KEY}, then ${KEY}`, count: 2, valid: false, none: null },
			},
		});
		expect(text).not.toContain(KEY);
		expect(text).not.toContain(AGENCY);
		expect(text).toContain('key_[redacted]: [redacted] is revoked nested [redacted]');
		expect(text).toContain('"detail":"was [redacted], then [redacted]"');
		expect(text).toContain('"count":2');
		expect(text).toContain('"valid":false');
		expect(text).toContain('"none":null');
	});

	it('a body that is not JSON (an HTML page echoing the key twice): blanked in its excerpt', () => {
		const text = shown(`<html><body>Bad key ${KEY}; again: ${KEY}</body></html>`);
		expect(text).not.toContain(KEY);
		expect(text).toContain('Bad key [redacted]; again: [redacted]');
	});

	it('no keys to blank: the answer is shown as it came', () => {
		const text = shown({ message: `Token ${KEY} is not valid` }, []);
		expect(text).toContain(`Token ${KEY} is not valid`);
	});
});
