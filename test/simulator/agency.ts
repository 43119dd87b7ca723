/** Agency API: projects (4.1) and client users (4.2). */
import { createProject } from './model';
import { renderClient, renderProject } from './render';
import { Ctx, Route, body, idParam, mustFind, noData, now, ok } from './router';
import { ClientRecord, SimProject, findProject, newProjectKey, nextId, uuid } from './state';
import { Validator, validationError } from './validation';
import { copyProjectConfig } from './copy';

export const CLIENT_ROLES = ['admin', 'manager', 'editor', 'viewer'];

function projectParam(ctx: Ctx): SimProject {
	const id = idParam(ctx, 'Project');
	return mustFind(findProject(ctx.state, id), 'Project', id);
}

function clientParam(ctx: Ctx): ClientRecord {
	const id = idParam(ctx, 'Client');
	return mustFind(
		ctx.state.clients.find((c) => c.id === id),
		'Client',
		id,
	);
}

function projectName(ctx: Ctx): string {
	const v = new Validator(body(ctx));
	const name = v.string('name', { required: true, min: 3, max: 50 });
	v.done();
	return name as string;
}

const ALLOWANCES = ['customers', 'locations', 'members', 'links', 'tags', 'widgets'] as const;
const LIMITS = [
	'daily_email_requests',
	'monthly_email_requests',
	'daily_sms_requests',
	'monthly_sms_requests',
] as const;
const SWITCHES = ['forms_advanced', 'api', 'webhooks', 'ambassador'] as const;

function validateClientRefs(
	ctx: Ctx,
	v: Validator,
	required: boolean,
): { projectIds?: number[]; sectionIds?: number[]; role?: string } {
	const out: { projectIds?: number[]; sectionIds?: number[]; role?: string } = {};
	const role = v.string('role_slug');
	if (typeof role === 'string') {
		if (!CLIENT_ROLES.includes(role)) v.add('role_slug', 'The selected role slug is invalid.');
		else out.role = role;
	}
	const projectIds = v.intArray('project_ids', { required });
	if (projectIds) {
		projectIds.forEach((id, i) => {
			if (!findProject(ctx.state, id))
				v.add(`project_ids.${i}`, `The selected project_ids.${i} is invalid.`);
		});
		out.projectIds = [...new Set(projectIds)];
	}
	const sectionIds = v.intArray('section_ids');
	if (sectionIds) {
		sectionIds.forEach((id, i) => {
			if (!ctx.state.sections.some((s) => s.id === id))
				v.add(`section_ids.${i}`, `The selected section_ids.${i} is invalid.`);
		});
		out.sectionIds = [...new Set(sectionIds)];
	}
	return out;
}

export const agencyRoutes: Route[] = [
	{
		method: 'GET',
		pattern: '/agency/projects',
		area: 'agency',
		handler: (ctx) => ok(ctx.state.projects.map(renderProject)),
	},
	{
		method: 'POST',
		pattern: '/agency/projects',
		area: 'agency',
		handler: (ctx) => ok(renderProject(createProject(ctx.state, projectName(ctx)))),
	},
	{
		method: 'DELETE',
		pattern: '/agency/projects/:id',
		area: 'agency',
		handler: (ctx) => {
			const p = projectParam(ctx);
			ctx.state.projects.splice(ctx.state.projects.indexOf(p), 1);
			for (const c of ctx.state.clients) c.project_ids = c.project_ids.filter((id) => id !== p.id);
			return noData();
		},
	},
	{
		method: 'GET',
		pattern: '/agency/projects/:id/key',
		area: 'agency',
		handler: (ctx) => ok(projectParam(ctx).key),
	},
	{
		method: 'DELETE',
		pattern: '/agency/projects/:id/key',
		area: 'agency',
		handler: (ctx) => {
			const p = projectParam(ctx);
			p.key = newProjectKey();
			return ok(p.key);
		},
	},
	{
		method: 'POST',
		pattern: '/agency/projects/:id/duplicate',
		area: 'agency',
		handler: (ctx) => {
			const source = projectParam(ctx);
			const name = projectName(ctx);
			const copy = createProject(ctx.state, name);
			copyProjectConfig(ctx.state, source, copy);
			return ok(renderProject(copy));
		},
	},
	{
		method: 'PUT',
		pattern: '/agency/projects/:id/overrides',
		area: 'agency',
		handler: (ctx) => {
			const p = projectParam(ctx);
			const v = new Validator(body(ctx));
			const allowances: Record<string, number> = {};
			const limits: Record<string, number | null> = {};
			const switches: Record<string, boolean> = {};
			for (const f of ALLOWANCES) {
				const n = v.integer(f, { min: 0 });
				if (typeof n === 'number') allowances[f] = n;
			}
			for (const f of LIMITS) {
				const n = v.integer(f, { min: 0 });
				if (typeof n === 'number' || n === null) limits[f] = n;
			}
			for (const f of SWITCHES) {
				const b = v.boolean(f);
				if (typeof b === 'boolean') switches[f] = b;
			}
			v.done();
			Object.assign(p.features, allowances, switches);
			Object.assign(p.limits, limits);
			p.updated_at = now(ctx);
			return ok(renderProject(p));
		},
	},
	{
		method: 'PUT',
		pattern: '/agency/projects/:id/suspend',
		area: 'agency',
		handler: (ctx) => setSuspended(ctx, true),
	},
	{
		method: 'PUT',
		pattern: '/agency/projects/:id/unsuspend',
		area: 'agency',
		handler: (ctx) => setSuspended(ctx, false),
	},

	{
		method: 'GET',
		pattern: '/agency/clients',
		area: 'agency',
		handler: (ctx) => ok(ctx.state.clients.map((c) => renderClient(ctx.state, c))),
	},
	{
		method: 'POST',
		pattern: '/agency/clients',
		area: 'agency',
		handler: (ctx) => {
			const v = new Validator(body(ctx));
			const email = v.email('email', { required: true });
			const refs = validateClientRefs(ctx, v, true);
			v.done();
			const t = now(ctx);
			const client: ClientRecord = {
				id: nextId(ctx.state, 'client'),
				uuid: uuid(),
				role_slug: refs.role ?? 'viewer',
				invite_email: email!,
				invited_at: t,
				joined_at: null,
				created_at: t,
				updated_at: t,
				section_ids: refs.sectionIds ?? [],
				project_ids: refs.projectIds ?? [],
			};
			ctx.state.clients.push(client);
			return ok(renderClient(ctx.state, client));
		},
	},
	{
		method: 'PUT',
		pattern: '/agency/clients/:id',
		area: 'agency',
		handler: (ctx) => {
			const client = clientParam(ctx);
			const v = new Validator(body(ctx));
			const refs = validateClientRefs(ctx, v, false);
			if (
				v.has('project_ids') &&
				Array.isArray(v.body.project_ids) &&
				v.body.project_ids.length === 0
			) {
				v.add('project_ids', 'The project ids field must have at least 1 items.');
			}
			v.done();
			if (refs.role !== undefined) client.role_slug = refs.role;
			if (refs.projectIds !== undefined) client.project_ids = refs.projectIds;
			if (refs.sectionIds !== undefined) client.section_ids = refs.sectionIds;
			client.updated_at = now(ctx);
			return ok(renderClient(ctx.state, client));
		},
	},
	{
		method: 'DELETE',
		pattern: '/agency/clients/:id',
		area: 'agency',
		handler: (ctx) => {
			const client = clientParam(ctx);
			ctx.state.clients.splice(ctx.state.clients.indexOf(client), 1);
			return noData();
		},
	},
	{
		method: 'POST',
		pattern: '/agency/clients/:id/resend-invite',
		area: 'agency',
		handler: (ctx) => {
			const client = clientParam(ctx);
			if (client.joined_at !== null)
				throw validationError({ client: ['The client has already joined.'] });
			client.invited_at = now(ctx);
			client.updated_at = client.invited_at;
			return ok(renderClient(ctx.state, client));
		},
	},
];

function setSuspended(ctx: Ctx, suspended: boolean) {
	const p = projectParam(ctx);
	p.is_suspended = suspended;
	p.updated_at = now(ctx);
	return ok(renderProject(p));
}
