/** `displayOptions` of one operation's parameters: `showForResource('review')('setTags')`. */
export function showForResource(resource: string) {
	return (operation: string) => ({ show: { resource: [resource], operation: [operation] } });
}
