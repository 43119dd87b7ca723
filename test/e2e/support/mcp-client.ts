/**
 * An MCP client as Claude, Cursor and other AI clients run it: the official TypeScript SDK's Client
 * over the Streamable HTTP transport (what n8n 2.41.1's MCP Server Trigger v2 serves on POST
 * /mcp/<path>). Every byte the client receives (status line, headers, body chunks as the SDK reads
 * them) and sends is recorded, so a test can check that no key ever reaches it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export interface RecordingClient {
	client: Client;
	/** Everything the client received so far, as text. */
	received(): string;
	/** Everything the client sent so far (URLs, headers, bodies), as text. */
	sent(): string;
	close(): Promise<void>;
}

export async function connectMcpClient(
	url: string,
	{ bearer }: { bearer?: string } = {},
): Promise<RecordingClient> {
	const received: Buffer[] = [];
	const sent: string[] = [];
	const recordingFetch = async (input: string | URL | Request, init?: RequestInit) => {
		const headers = new Headers(init?.headers);
		sent.push(
			`${init?.method ?? 'GET'} ${String(input)}\n${[...headers].join('\n')}\n${String(init?.body ?? '')}`,
		);
		const response = await fetch(input, init);
		received.push(
			Buffer.from(
				`HTTP ${response.status} ${response.statusText}\n${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n`,
			),
		);
		if (!response.body) return response;
		const tap = new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				received.push(Buffer.from(chunk));
				controller.enqueue(chunk);
			},
		});
		return new Response(response.body.pipeThrough(tap), {
			status: response.status,
			statusText: response.statusText,
			headers: response.headers,
		});
	};
	const transport = new StreamableHTTPClientTransport(new URL(url), {
		fetch: recordingFetch,
		requestInit: bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : undefined,
	});
	const client = new Client({ name: 'review-collection-e2e', version: '1.0.0' });
	await client.connect(transport);
	return {
		client,
		received: () => Buffer.concat(received).toString('utf8'),
		sent: () => sent.join('\n'),
		close: async () => await client.close(),
	};
}
