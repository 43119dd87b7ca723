/** Duplicating a project's configuration (locations, tags, sources, share templates, message templates). */
import { SimProject, SimState, nextId, nowOf, uuid } from './state';

export function copyProjectConfig(state: SimState, from: SimProject, to: SimProject): void {
	const t = nowOf(state);
	to.features = { ...from.features };
	to.limits = { ...from.limits };
	for (const l of from.locations)
		to.locations.push({ ...l, id: nextId(state, 'location'), project_id: to.id, uuid: uuid() });
	for (const tag of from.tags) to.tags.push({ ...tag, id: nextId(state, 'tag'), uuid: uuid() });
	for (const s of from.sources) {
		if (s.deleted_at === null) to.sources.push({ ...s, id: nextId(state, 'source'), uuid: uuid() });
	}
	for (const st of from.shareTemplates) {
		to.shareTemplates.push({
			...st,
			settings: { ...st.settings },
			id: nextId(state, 'shareTemplate'),
			uuid: uuid(),
			created_at: t,
			updated_at: t,
		});
	}
	for (const m of from.messageTemplates)
		to.messageTemplates.push({ ...m, id: nextId(state, 'messageTemplate'), uuid: uuid() });
}
