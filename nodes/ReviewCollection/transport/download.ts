import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ApiContext } from './credentials';
import { apiError, isOutOfBudget } from './errors';
import type { Execution } from './execution';
import { executionFor } from './credentials';
import { settingsOf } from './request';
import { headerOf, send } from './send';

/**
 * Fetches a public image the API linked to (a rendered share image). The API key is not sent: the link
 * may point at a CDN, which must never see it. Only http(s) links, at most 3 redirects, an image
 * Content-Type, and at most `maxBytes`: the download stops as soon as it passes the cap.
 *
 * Request Options → Timeout bounds the whole download (contract §9), retries included. n8n's `timeout`
 * alone does not: it is a socket idle timer, off once a streamed answer's headers are in, so a link that
 * trickles its body would download forever. An abort signal that fires at the Timeout ends the body too.
 */
export async function downloadImage(
	ctx: ApiContext,
	url: string,
	itemIndex: number,
	maxBytes: number,
	execution: Execution = executionFor(ctx),
): Promise<{ data: Buffer; mimeType: string }> {
	const refuse = (problem: string) =>
		new NodeOperationError(ctx.getNode(), `The share image was not downloaded: ${problem}`, {
			itemIndex,
		});
	let scheme: string;
	try {
		scheme = new URL(url).protocol;
	} catch {
		throw refuse('the link the service gave is not a URL');
	}
	if (scheme !== 'http:' && scheme !== 'https:')
		throw refuse(`only http and https links are fetched, not ${scheme}`);
	const settings = settingsOf(ctx, itemIndex, execution);
	const timeUp = AbortSignal.timeout(settings.timeoutMs);
	const tooSlow = () =>
		refuse(`it did not arrive in full within Timeout (${settings.timeoutMs} ms)`);
	let body: (AsyncIterable<Buffer> & { destroy?: () => void }) | undefined;
	try {
		const response = await send(
			ctx,
			undefined,
			{
				method: 'GET',
				path: url,
				url,
				binary: true,
				itemIndex,
				deadline: Date.now() + settings.timeoutMs,
				abortSignal: timeUp,
			},
			settings,
			execution,
		);
		body = response.body as AsyncIterable<Buffer> & { destroy?: () => void };
		if (response.statusCode < 200 || response.statusCode >= 300) {
			throw apiError(ctx.getNode(), {
				status: response.statusCode,
				body: { message: `Downloading ${new URL(url).origin}${new URL(url).pathname} failed` },
				credentialName: 'none (public link)',
				itemIndex,
			});
		}
		const mimeType = (headerOf(response, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
		if (!mimeType.startsWith('image/'))
			throw refuse(`the link answered ${mimeType || 'no Content-Type'}, not an image`);
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of body) {
			size += chunk.length;
			if (size > maxBytes) throw refuse(`it is larger than Max Image Size (${maxBytes} bytes)`);
			chunks.push(chunk);
		}
		return { data: Buffer.concat(chunks), mimeType };
	} catch (error) {
		// No (whole) answer by the Timeout: what the helper threw when the signal fired, or the deadline's error.
		const ours = error instanceof NodeOperationError || error instanceof NodeApiError;
		throw isOutOfBudget(error) || (timeUp.aborted && !ours) ? tooSlow() : error;
	} finally {
		body?.destroy?.();
	}
}
