/**
 * A small OpenAI-compatible chat model on 127.0.0.1 for the real n8n app's AI Agent, offline:
 * POST /v1/chat/completions (non-streaming) answers with what a `script` decides from the
 * conversation so far (the tool calls a model would make, then a final text), and every request
 * is recorded as received (headers and raw body) so a test can check what n8n sent the model.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content?: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: ToolCall[];
	tool_call_id?: string;
	name?: string;
}

export interface ToolCall {
	id: string;
	type: 'function';
	function: { name: string; arguments: string };
}

export interface ChatTool {
	type: 'function';
	function: { name: string; description: string; parameters: Record<string, any> };
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: ChatTool[];
	stream?: boolean;
	[key: string]: unknown;
}

export interface RecordedRequest {
	method: string;
	path: string;
	headers: http.IncomingHttpHeaders;
	raw: string;
	body?: ChatRequest;
}

/** What the model answers next: tool calls (name + arguments) or a final text. */
export type ScriptStep =
	{ toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> } | { text: string };
export type Script = (request: ChatRequest) => ScriptStep;

export interface ScriptedModel {
	/** Base URL for the `openAiApi` credential's `url` field (…/v1). */
	readonly url: string;
	readonly requests: RecordedRequest[];
	/** The chat completion requests only. */
	completions(): ChatRequest[];
	stop(): Promise<void>;
}

/** The text of a message whatever its content shape. */
export function textOf(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	if (Array.isArray(message.content))
		return message.content.map((part) => part.text ?? '').join('');
	return '';
}

export async function startScriptedModel(script: Script): Promise<ScriptedModel> {
	const requests: RecordedRequest[] = [];
	let callCounter = 0;
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const raw = Buffer.concat(chunks).toString('utf8');
			const recorded: RecordedRequest = {
				method: req.method ?? '',
				path: req.url ?? '',
				headers: req.headers,
				raw,
			};
			requests.push(recorded);
			const send = (status: number, body: unknown) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(body));
			};
			if (req.method !== 'POST' || !/\/chat\/completions$/.test((req.url ?? '').split('?')[0])) {
				send(404, {
					error: {
						message: `scripted model: no route ${req.method} ${req.url}`,
						type: 'invalid_request_error',
					},
				});
				return;
			}
			try {
				recorded.body = JSON.parse(raw) as ChatRequest;
				const step = script(recorded.body);
				const message =
					'text' in step
						? { role: 'assistant', content: step.text }
						: {
								role: 'assistant',
								content: null,
								tool_calls: step.toolCalls.map((call) => ({
									id: `call_${++callCounter}`,
									type: 'function',
									function: { name: call.name, arguments: JSON.stringify(call.arguments) },
								})),
							};
				send(200, {
					id: `chatcmpl-${requests.length}`,
					object: 'chat.completion',
					created: Math.floor(Date.now() / 1000),
					model: recorded.body.model,
					choices: [
						{
							index: 0,
							message,
							finish_reason: 'text' in step ? 'stop' : 'tool_calls',
							logprobs: null,
						},
					],
					usage: {
						prompt_tokens: Math.ceil(raw.length / 4),
						completion_tokens: 20,
						total_tokens: Math.ceil(raw.length / 4) + 20,
					},
				});
			} catch (error) {
				send(500, {
					error: { message: `scripted model: ${(error as Error).message}`, type: 'server_error' },
				});
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1`,
		requests,
		completions: () => requests.filter((r) => r.body).map((r) => r.body!),
		stop: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
