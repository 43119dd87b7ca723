/** Rendering any stored record as the API would answer it (ApiSimulator.toJson). */
import { RecordKind } from './inputs';
import {
	renderCharge,
	renderClient,
	renderProject,
	renderShareTemplate,
	renderSource,
} from './render';
import { renderCustomer } from './render-customer';
import { renderMessage, renderReview } from './render-reviews-messages';
import { SimProject, SimState, findProject } from './state';

export function recordJson(
	s: SimState,
	kind: RecordKind,
	id: number,
	project: SimProject | undefined,
): Record<string, unknown> {
	if (kind === 'project') {
		const pr = findProject(s, id);
		if (!pr) throw new Error(`No project ${id}`);
		return renderProject(pr);
	}
	if (kind === 'client') {
		const c = s.clients.find((x) => x.id === id);
		if (!c) throw new Error(`No client ${id}`);
		return renderClient(s, c);
	}
	if (!project) throw new Error('A project is needed');
	const p = project;
	const missing = () => new Error(`No ${kind} ${id} in project ${p.id}`);
	switch (kind) {
		case 'review': {
			const r = p.reviews.get(id);
			if (!r) throw missing();
			return renderReview(s, p, r);
		}
		case 'customer': {
			const c = p.customers.get(id);
			if (!c) throw missing();
			return renderCustomer(s, p, c, true);
		}
		case 'charge': {
			const c = p.charges.get(id);
			if (!c) throw missing();
			return renderCharge(c, s.dialect);
		}
		case 'message': {
			const m = p.messages.get(id);
			if (!m) throw missing();
			return renderMessage(p, m);
		}
		case 'source': {
			const src = p.sources.find((x) => x.id === id && x.deleted_at === null);
			if (!src) throw missing();
			return renderSource(src) as Record<string, unknown>;
		}
		case 'shareTemplate': {
			const t = p.shareTemplates.find((x) => x.id === id);
			if (!t) throw missing();
			return renderShareTemplate(t);
		}
	}
}
