/**
 * The second a charge happened. Text with an offset (or Unix seconds) names one instant: `epoch`. What
 * the node sends always has one (helpers/time-zone.ts gives an offset-less Charged At the workflow's
 * offset) and so does the service's `charged_at`; text without one keeps only its `wallClock`,
 * compared as written or read as UTC.
 */
export interface ChargeMoment {
	epoch?: number;
	/** `YYYY-MM-DDTHH:MM:SS` as written (fractions of a second dropped: the service keeps whole seconds). */
	wallClock: string;
}

const MOMENT =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(?:(Z)|([+-])(\d{2}):?(\d{2})?)?$/i;

/** A moment from Unix seconds or an ISO 8601 text; undefined for anything else. */
export function momentOf(value: unknown): ChargeMoment | undefined {
	if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim()))) {
		const epoch = Math.floor(Number(value));
		return { epoch, wallClock: wallClockOfEpoch(epoch) };
	}
	const match = typeof value === 'string' ? MOMENT.exec(value.trim()) : null;
	if (!match) return undefined;
	const [, year, month, day, hour = '00', minute = '00', second = '00', zulu, sign, oh, om] = match;
	const wallClock = `${year}-${month}-${day}T${hour}:${minute}:${second}`;
	if (!zulu && !sign) return { wallClock };
	const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om ?? 0) * 60) : 0;
	return { epoch: utcEpochOf(wallClock) - offset, wallClock };
}

/** Whether a charge the service answered happened in the same second as the wanted one. */
export function sameSecond(answered: ChargeMoment | undefined, wanted: ChargeMoment): boolean {
	if (!answered) return false;
	if (wanted.epoch !== undefined) return answered.epoch === wanted.epoch;
	return answered.wallClock === wanted.wallClock || answered.epoch === utcEpochOf(wanted.wallClock);
}

/** The calendar day (UTC, or as written without an offset) the charge-list window is centred on. */
export function dayOf(moment: ChargeMoment): string {
	return (moment.epoch === undefined ? moment.wallClock : wallClockOfEpoch(moment.epoch)).slice(
		0,
		10,
	);
}

/** The day before and the day after, `YYYY-MM-DD`: the service's date filter uses a time zone of its own. */
export function daysAround(day: string): { dateFrom: string; dateTo: string } {
	const midnight = utcEpochOf(`${day}T00:00:00`);
	return {
		dateFrom: wallClockOfEpoch(midnight - 86400).slice(0, 10),
		dateTo: wallClockOfEpoch(midnight + 86400).slice(0, 10),
	};
}

function utcEpochOf(wallClock: string): number {
	return Date.parse(`${wallClock}Z`) / 1000;
}

function wallClockOfEpoch(epoch: number): string {
	return new Date(epoch * 1000).toISOString().slice(0, 19);
}
