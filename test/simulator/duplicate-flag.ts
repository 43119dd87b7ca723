/** A review's is_duplicate, watched: the review list caches its view without duplicates (./review-list.ts). */
import { ReviewRecord } from './state';

/** Changes of any review's is_duplicate so far (the review list's cache of its views without duplicates). */
export const duplicateFlags = { changes: 0 };

/** is_duplicate as an accessor that counts its changes (set by the API's flag and by tests directly). */
export function trackDuplicateFlag(r: ReviewRecord): void {
	let value = r.is_duplicate;
	Object.defineProperty(r, 'is_duplicate', {
		enumerable: true,
		configurable: true,
		get: () => value,
		set: (next: boolean) => {
			if (next !== value) duplicateFlags.changes++;
			value = next;
		},
	});
}
