/**
 * The scripted model's behaviour for examples/ai-review-reply-approval.json, as a model following
 * the example's two system messages would act. The Reply Agent (4–5 stars) is offered Reply_to_Review
 * and behaves as in examples/ai-review-reply.json (reviewReplyScript). The Draft Agent (1–3 stars) has
 * no way to publish: it reads the customer's reviews and answers with the draft text only; the draft
 * names how many reviews the customer left, which proves the tool result reached the model.
 */
import type { ChatRequest, ScriptStep } from './scripted-openai';
import { textOf } from './scripted-openai';
import { reviewFromPrompt, reviewReplyScript } from './review-agent-script';

export function draftText(firstName: string, score: number, reviewCount: number): string {
	return `Dear ${firstName}, thank you for your honest ${score}-star review, review number ${reviewCount} you have shared with us. We are sorry your visit fell short and would like to talk it over: please reply to this message.`;
}

export function approvalScript(request: ChatRequest): ScriptStep {
	const canPublish = (request.tools ?? []).some((t) => t.function.name === 'Reply_to_Review');
	if (canPublish) return reviewReplyScript(request);

	const review = reviewFromPrompt(request);
	const calls = request.messages.flatMap((m) => m.tool_calls ?? []);
	const read = calls.find((c) => c.function.name === 'Get_Customer_Reviews');
	if (!read) {
		const customerId = Number(review.customerId ?? review.customer?.id);
		return { toolCalls: [{ name: 'Get_Customer_Reviews', arguments: { customerId } }] };
	}
	const result = request.messages.find((m) => m.role === 'tool' && m.tool_call_id === read.id);
	const reviews = JSON.parse(textOf(result ?? { role: 'tool' }) || '[]') as unknown[];
	const firstName = String(review.reviewer ?? 'there').split(' ')[0];
	return { text: draftText(firstName, Number(review.score), reviews.length) };
}
