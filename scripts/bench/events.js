/**
 * The trigger events the idle-poll case measures, one row each: the event's value of the trigger's
 * "Event" parameter, the list it polls (path and sort key, as the trigger's cursor walk sends them),
 * the page size of its first poll, and the record kind the simulator seeds (scripts/bench/sim-worker.js
 * SEEDERS). To measure a new event, add its line here (and a seeder if its records are a new kind).
 */
module.exports = [
	{
		event: 'newReview',
		listPath: '/project/reviews',
		sortKey: 'id',
		firstPageSize: 1,
		seed: 'reviews',
	},
	{
		event: 'newMessage',
		listPath: '/project/messages',
		sortKey: 'created_at',
		firstPageSize: 100,
		seed: 'messages',
	},
];
