/** Laravel-style validation of request bodies, and the HTTP errors it throws. */

export class HttpError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly errors?: Record<string, string[]>,
		readonly headers?: Record<string, string>,
	) {
		super(message);
	}
}

export function notFound(message: string): HttpError {
	return new HttpError(404, message);
}

export function validationError(errors: Record<string, string[]>): HttpError {
	const all = Object.values(errors).flat();
	const more = all.length - 1;
	const message = more > 0 ? `${all[0]} (and ${more} more error${more === 1 ? '' : 's'})` : all[0];
	return new HttpError(422, message, errors);
}

/** Throws 422 with one field error. */
export function fieldError(field: string, message: string): HttpError {
	return validationError({ [field]: [message] });
}

export function attr(field: string): string {
	return field.includes('.') ? field : field.replace(/_/g, ' ');
}

export type Body = Record<string, unknown>;

export function asBody(body: unknown): Body {
	return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
}

interface Opts {
	required?: boolean;
	nullable?: boolean;
	min?: number;
	max?: number;
}

/** Collects errors over several fields, then `done()` throws a 422 when any failed. */
export class Validator {
	readonly errors: Record<string, string[]> = {};

	constructor(readonly body: Body) {}

	has(field: string): boolean {
		return Object.prototype.hasOwnProperty.call(this.body, field);
	}

	add(field: string, message: string): void {
		(this.errors[field] ??= []).push(message);
	}

	ok(field: string): boolean {
		return !this.errors[field];
	}

	done(): void {
		if (Object.keys(this.errors).length > 0) throw validationError(this.errors);
	}

	private missing(field: string, o: Opts): boolean {
		const v = this.body[field];
		const empty =
			v === undefined ||
			v === null ||
			(typeof v === 'string' && v.trim() === '') ||
			(Array.isArray(v) && v.length === 0);
		if (empty && o.required) this.add(field, `The ${attr(field)} field is required.`);
		return empty;
	}

	string(field: string, o: Opts = {}): string | null | undefined {
		const v = this.body[field];
		if (v === undefined) {
			this.missing(field, o);
			return undefined;
		}
		if (v === null) {
			if (o.required) this.add(field, `The ${attr(field)} field is required.`);
			return null;
		}
		if (typeof v !== 'string') {
			this.add(field, `The ${attr(field)} field must be a string.`);
			return undefined;
		}
		if (o.required && v.trim() === '') {
			this.add(field, `The ${attr(field)} field is required.`);
			return undefined;
		}
		if (o.min !== undefined && v.length < o.min)
			this.add(field, `The ${attr(field)} field must be at least ${o.min} characters.`);
		if (o.max !== undefined && v.length > o.max)
			this.add(field, `The ${attr(field)} field must not be greater than ${o.max} characters.`);
		return this.ok(field) ? v : undefined;
	}

	integer(field: string, o: Opts = {}): number | null | undefined {
		const v = this.body[field];
		if (v === undefined || v === null || v === '') {
			if (o.required) this.add(field, `The ${attr(field)} field is required.`);
			return v === null ? null : undefined;
		}
		if (typeof v !== 'number' || !Number.isInteger(v)) {
			this.add(field, `The ${attr(field)} field must be an integer.`);
			return undefined;
		}
		if (o.min !== undefined && o.max !== undefined && (v < o.min || v > o.max)) {
			this.add(field, `The ${attr(field)} field must be between ${o.min} and ${o.max}.`);
		} else if (o.min !== undefined && v < o.min) {
			this.add(field, `The ${attr(field)} field must be at least ${o.min}.`);
		} else if (o.max !== undefined && v > o.max) {
			this.add(field, `The ${attr(field)} field must not be greater than ${o.max}.`);
		}
		return this.ok(field) ? v : undefined;
	}

	boolean(field: string, o: Opts = {}): boolean | undefined {
		const v = this.body[field];
		if (v === undefined || v === null) {
			if (o.required) this.add(field, `The ${attr(field)} field is required.`);
			return undefined;
		}
		if (typeof v !== 'boolean') {
			this.add(field, `The ${attr(field)} field must be true or false.`);
			return undefined;
		}
		return v;
	}

	email(field: string, o: Opts = {}): string | undefined {
		const v = this.string(field, { ...o, max: 255 });
		if (typeof v !== 'string' || v === '') return undefined;
		if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) {
			this.add(field, `The ${attr(field)} field must be a valid email address.`);
			return undefined;
		}
		return v;
	}

	/** Integer Unix seconds, or a string of at most 50 characters that Date.parse accepts. */
	instant(field: string): number | null | undefined {
		const v = this.body[field];
		if (v === undefined) return undefined;
		if (v === null) return null;
		const t = parseInstant(v);
		if (t === undefined) {
			if (typeof v === 'string' && v.length > 50)
				this.add(field, `The ${attr(field)} field must not be greater than 50 characters.`);
			else this.add(field, `The ${attr(field)} field must be a valid date.`);
		}
		return t;
	}

	array(field: string, o: Opts = {}): unknown[] | undefined {
		const v = this.body[field];
		if (v === undefined || v === null) {
			if (o.required) this.add(field, `The ${attr(field)} field is required.`);
			return undefined;
		}
		if (!Array.isArray(v)) {
			this.add(field, `The ${attr(field)} field must be an array.`);
			return undefined;
		}
		if (o.required && v.length === 0) {
			this.add(field, `The ${attr(field)} field is required.`);
			return undefined;
		}
		return v;
	}

	stringArray(field: string, o: Opts = {}): string[] | undefined {
		const v = this.array(field, o);
		if (!v) return undefined;
		v.forEach((x, i) => {
			if (typeof x !== 'string')
				this.add(`${field}.${i}`, `The ${field}.${i} field must be a string.`);
		});
		return v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
	}

	intArray(field: string, o: Opts = {}): number[] | undefined {
		const v = this.array(field, o);
		if (!v) return undefined;
		v.forEach((x, i) => {
			if (typeof x !== 'number' || !Number.isInteger(x))
				this.add(`${field}.${i}`, `The ${field}.${i} field must be an integer.`);
		});
		return v.every((x) => typeof x === 'number' && Number.isInteger(x))
			? (v as number[])
			: undefined;
	}
}

export function parseInstant(v: unknown): number | undefined {
	if (typeof v === 'number') return Number.isInteger(v) && v >= 0 ? v : undefined;
	if (typeof v !== 'string' || v.length > 50 || v.trim() === '') return undefined;
	if (/^\d+$/.test(v.trim())) return Number(v.trim());
	const ms = Date.parse(v);
	return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

const IMAGE_RE = /\.(png|jpe?g|gif|webp)$/i;

/** A URL is a fetchable image when it is http(s) and its path ends with an image extension; else 400. */
/**
 * "A photo URL (customer_photo_url, photo_url, photo url) cannot be fetched or is not a valid image: HTTP 400".
 * The simulated world reaches no real host: the pictures it can fetch are its own samples (ApiSimulator.photoUrl),
 * the images it stores, and pictures on PHOTO_HOST (a stand-in for the public web, under the reserved `.test`
 * domain); any other URL cannot be fetched, and a path not ending in an image type is not an image.
 */
export function checkImageUrl(baseUrl: string, url: string): void {
	let ok = false;
	try {
		const u = new URL(url);
		ok =
			(u.hostname === PHOTO_HOST && IMAGE_RE.test(u.pathname)) ||
			(u.origin === new URL(baseUrl).origin &&
				(isSamplePhoto(u.pathname) || /^\/images\/[0-9a-f-]+\.png$/i.test(u.pathname)));
	} catch {
		ok = false;
	}
	if (!ok)
		throw new HttpError(
			400,
			`The image at ${url} could not be downloaded or is not a valid image.`,
		);
}

/** The host of the simulated public web's pictures: `https://photos.test/<name>.png` can be fetched. */
export const PHOTO_HOST = 'photos.test';

/** A sample path that is a picture (samples ending otherwise answer text). */
export function isSamplePhoto(path: string): boolean {
	return /^\/samples\/[^/]+$/.test(path) && IMAGE_RE.test(path);
}
