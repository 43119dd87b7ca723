/** jest globalTeardown: `npm test` leaves nothing in the system's temp folder (see temp-folder.ts). */
import { closeRunTempFolder } from './temp-folder';

export default function globalTeardown(): void {
	const leftovers = closeRunTempFolder([process.env.N8N_USER_FOLDER]);
	if (leftovers.length > 0) {
		throw new Error(
			`Tests left ${leftovers.length} entries in the temp folder (removed now; clean them up in ` +
				`afterAll/finally): ${leftovers.join(', ')}`,
		);
	}
}
