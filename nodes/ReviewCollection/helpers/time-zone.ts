/**
 * Instants typed without an offset (contract §9): read in the workflow's time zone
 * (`this.getTimezone()`, Settings → Time Zone, as n8n's own nodes read date-time parameters) and sent
 * with that zone's offset at that moment, so the service does not read them in a zone of its own.
 * Intl only: the package has no runtime dependency.
 */

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?$/i;

/**
 * `2030-01-01T09:00:00` in Asia/Tokyo → `2030-01-01T09:00:00+09:00`; a date alone is its midnight.
 * Anything else (a value with an offset, or not a date-time) comes back as it is. An unknown zone
 * leaves the value as typed (n8n checks the setting; the service then reads it as before).
 */
export function withZoneOffset(text: string, zone: string): string {
	const match = WALL_CLOCK.exec(text);
	if (!match) return text;
	const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = ''] = match;
	const wallClock = `${year}-${month}-${day}T${hour}:${minute}:${second}`;
	const asUtc = Date.parse(`${wallClock}Z`) / 1000;
	let offset: number;
	try {
		// The zone's offset at the instant the wall clock names there (second pass: across a change).
		offset = offsetAt(asUtc - offsetAt(asUtc, zone), zone);
	} catch {
		return text;
	}
	return `${wallClock}${fraction}${offsetText(offset)}`;
}

/** Seconds the zone's wall clock is ahead of UTC at `epoch` (Unix seconds). */
function offsetAt(epoch: number, zone: string): number {
	const format = new Intl.DateTimeFormat('en-US', {
		timeZone: zone,
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
	});
	const parts: Record<string, number> = {};
	for (const part of format.formatToParts(new Date(epoch * 1000)))
		if (part.type !== 'literal') parts[part.type] = Number(part.value);
	const local =
		Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) / 1000;
	return local - epoch;
}

function offsetText(seconds: number): string {
	const minutes = Math.round(Math.abs(seconds) / 60);
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${seconds < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
