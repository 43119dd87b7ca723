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
	// The seeders give every review a replied_at, every message a delivered/opened/clicked time and
	// every customer an unsubscribed_at: the history these events' idle polls must not re-read.
	{
		event: 'reviewReplied',
		listPath: '/project/reviews',
		sortKey: 'replied_at',
		firstPageSize: 100,
		seed: 'reviews',
	},
	{
		event: 'reviewUnanswered',
		listPath: '/project/reviews',
		sortKey: 'created_at',
		firstPageSize: 100,
		seed: 'reviews',
	},
	{
		event: 'messageDelivered',
		listPath: '/project/messages',
		sortKey: 'delivered_at',
		firstPageSize: 100,
		seed: 'messages',
	},
	{
		event: 'messageClicked',
		listPath: '/project/messages',
		sortKey: 'clicked_at',
		firstPageSize: 100,
		seed: 'messages',
	},
	{
		event: 'newCustomer',
		listPath: '/project/customers',
		sortKey: 'id',
		firstPageSize: 1,
		seed: 'customers',
	},
	{
		event: 'customerUnsubscribed',
		listPath: '/project/customers',
		sortKey: 'unsubscribed_at',
		firstPageSize: 100,
		seed: 'customers',
	},
];
