/**
 * The scripted model's behaviour for examples/ai-review-reply.json, as a model following the
 * example's system message would act: a review scored 3 or more → read the customer's reviews,
 * then reply thanking the reviewer (mentioning how many reviews they have left, which proves the
 * tool result reached the model); scored 1 or 2 → tag it for a person, keeping its tags.
 * Like a real model it can overshoot: asked for "every detail", its first reply is too long; it
 * shortens it when the tool answers with an error.
 * It reads the review from the user message, whether the trigger output was simplified or not.
 */
import type { ChatRequest, ScriptStep } from './scripted-openai';
import { textOf } from './scripted-openai';

type Json = Record<string, any>;

export function reviewFromPrompt(request: ChatRequest): Json {
	const user = request.messages.find((message) => message.role === 'user');
	const [, json] = textOf(user ?? { role: 'user' }).split('Review (JSON):');
	if (!json) throw new Error('no review in the user message');
	return JSON.parse(json.trim()) as Json;
}

function called(request: ChatRequest, tool: string): string | undefined {
	const calls = request.messages.flatMap((message) => message.tool_calls ?? []);
	const call = calls.find((c) => c.function.name === tool);
	if (!call) return undefined;
	const result = request.messages.find(
		(message) => message.role === 'tool' && message.tool_call_id === call.id,
	);
	return result ? textOf(result) : '';
}

function countRecords(toolResult: string): number {
	try {
		const parsed = JSON.parse(toolResult) as unknown;
		if (Array.isArray(parsed)) return parsed.length;
	} catch {
		/* not JSON: count ids */
	}
	return (toolResult.match(/"id"\s*:/g) ?? []).length;
}

export function replyText(firstName: string, score: number, reviewCount: number): string {
	return `Thank you, ${firstName}, for your ${score}-star review! It is review number ${reviewCount} you have shared with us, and we read every one. See you soon.`;
}

export function reviewReplyScript(request: ChatRequest): ScriptStep {
	const review = reviewFromPrompt(request);
	const reviewId = Number(review.id);
	const score = Number(review.score);
	const customerId = Number(review.customerId ?? review.customer?.id);
	const reviewer = typeof review.reviewer === 'string' ? review.reviewer : review.reviewer?.name;
	const firstName = String(reviewer ?? 'there').split(' ')[0];

	if (score <= 2) {
		if (called(request, 'Tag_for_a_Person') === undefined) {
			const current = (review.tags ?? []).map((tag: Json | string) =>
				typeof tag === 'string' ? tag : tag.slug,
			);
			return {
				toolCalls: [
					{
						name: 'Tag_for_a_Person',
						arguments: { reviewId, tagSlugs: [...current, 'follow-up'].join(',') },
					},
				],
			};
		}
		return { text: `Tagged review ${reviewId} for a person.` };
	}
	const reviews = called(request, 'Get_Customer_Reviews');
	if (reviews === undefined) {
		return { toolCalls: [{ name: 'Get_Customer_Reviews', arguments: { customerId } }] };
	}
	const short = replyText(firstName, score, countRecords(reviews));
	const replyCalls = request.messages
		.flatMap((m) => m.tool_calls ?? [])
		.filter((c) => c.function.name === 'Reply_to_Review');
	const wantsDetail = /every detail/i.test(String(review.text ?? review.review ?? ''));
	if (replyCalls.length === 0) {
		const reply = wantsDetail
			? `${short} ${'We loved hearing every detail of your visit. '.repeat(15)}`.trim()
			: short;
		return { toolCalls: [{ name: 'Reply_to_Review', arguments: { reviewId, reply } }] };
	}
	if (wantsDetail && replyCalls.length === 1) {
		return { toolCalls: [{ name: 'Reply_to_Review', arguments: { reviewId, reply: short } }] };
	}
	return { text: `Replied to review ${reviewId}.` };
}
