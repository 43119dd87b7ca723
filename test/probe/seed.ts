/**
 * The records the probe's checks need, added straight to the simulator (no request): reviews that
 * differ in score, source, location, tag and reply, a duplicate; customers with tags, unsubscribed
 * ones in another order than their creation, an archived one with a review; messages of both channels,
 * several templates and statuses, delivered in another order than created; charges; two client users.
 * Every list holds more than the largest page of any dialect (30), so pages show their size.
 */
import type { ApiSimulator, SimProject } from '../simulator';

const HOUR = 3600;
const DAY = 86_400;

export function seedForProbe(sim: ApiSimulator): SimProject {
	const project = sim.createProject('Probe Bakery');
	const now = sim.now();
	const id = project.id;
	const customers = [];
	for (let i = 0; i < 36; i++) {
		customers.push(
			sim.addCustomer(id, {
				first_name: `Customer${i}`,
				last_name: 'Probe',
				email: `customer${i}@example.com`,
				phone: `+1555010${String(1000 + i).slice(1)}`,
				// Ids grow with creation: created_at grows with i.
				created_at: now - (40 - i) * DAY,
				tag_slugs: i % 3 === 0 ? ['vip'] : i % 3 === 1 ? ['wholesale'] : [],
				// Unsubscribed in the reverse order of their creation.
				unsubscribed_at: i >= 30 ? now - (i - 29) * HOUR : null,
			}),
		);
	}
	const archived = sim.addCustomer(id, {
		first_name: 'Archie',
		last_name: 'Ved',
		email: 'archie@example.com',
		created_at: now - HOUR,
		archived_at: now - HOUR,
	});
	const sources = ['google', 'facebook', 'trustpilot'];
	const locations = ['downtown', 'riverside', 'airport'];
	const tags = ['great-service', 'slow-delivery', 'follow-up'];
	for (let i = 0; i < 40; i++) {
		sim.addReview(id, {
			customer_id: customers[i % 4].id,
			score: (i % 5) + 1,
			source_slug: sources[i % 3],
			location_slug: locations[(i + 1) % 3],
			tag_slugs: i % 2 === 0 ? [tags[i % 3]] : [],
			created_at: now - (45 - i) * DAY,
			...(i % 4 === 0 ? { reply: 'Thank you!', replied_at: now - (40 - i) * DAY } : {}),
		});
	}
	// A bulk import: four reviews of one second (equal sort values: row 37).
	for (let i = 0; i < 4; i++)
		sim.addReview(id, { customer_id: customers[1].id, score: 5, created_at: now - 3 * DAY + 7 });
	sim.addReview(id, { customer_id: archived.id, score: 4, created_at: now - 2 * DAY });
	sim.addReview(id, { customer_id: customers[5].id, is_duplicate: true, created_at: now - DAY });
	const statuses = ['scheduled', 'delivered', 'opened', 'clicked', 'failed', 'sent'];
	const templates = ['ask-initial', 'ask-reminder'];
	for (let i = 0; i < 40; i++) {
		const channel = i % 2 === 0 ? 'email' : 'sms';
		const message = sim.addMessage(id, {
			customer_id: customers[i % 3].id,
			channel,
			template_slug: `${templates[Math.floor(i / 2) % 2]}-${channel}`,
			created_at: now - (40 - i) * 6 * HOUR,
			status: statuses[i % statuses.length],
		});
		// Delivered in the reverse order of their creation (sort_key=delivered_at shows itself).
		if (message.delivered_at !== null)
			sim.setMessageTime(id, message.id, 'delivered_at', now - message.id * 60);
	}
	for (let i = 0; i < 36; i++)
		sim.addCharge(id, {
			customer_id: customers[i % 3].id,
			amount: 1000 + i,
			charged_at: now - (36 - i) * DAY,
		});
	sim.addClient({ role_slug: 'admin', project_ids: [id] });
	sim.addClient({ role_slug: 'viewer', project_ids: [id] });
	return project;
}
