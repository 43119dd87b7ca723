/** Field sets accepted by the direct test helpers of ApiSimulator. */

export interface ReviewInput {
	score: number;
	first_name: string;
	last_name: string;
	email: string;
	phone: string;
	company: string;
	customer_photo_url: string;
	review: string;
	external_url: string;
	/** Unix seconds or a date string. */
	created_at: number | string;
	location_slug: string;
	source_slug: string;
	tag_slugs: string[];
	/** Use this existing customer instead of find-or-create by email/phone. */
	customer_id: number;
	is_hidden: boolean;
	is_duplicate: boolean;
	reply: string;
	replied_at: number | null;
}

export interface CustomerInput {
	first_name: string;
	last_name: string;
	email: string;
	phone: string;
	company: string;
	notes: string;
	address1: string;
	address2: string;
	city: string;
	state: string;
	postal_code: string;
	photo_url: string;
	location_slug: string;
	signed_up_at: number | string | null;
	tag_slugs: string[];
	created_at: number;
	archived_at: number | null;
	unsubscribed_at: number | null;
}

export interface MessageInput {
	channel?: 'email' | 'sms';
	customer_id?: number;
	template_slug?: string;
	created_at?: number;
	/** Wanted status: the delivery timestamps up to it are set to created_at. */
	status?: string;
}

export interface ChargeInput {
	customer_id?: number;
	email?: string;
	phone?: string;
	amount?: number;
	currency?: string;
	charged_at?: number | string;
	location_slug?: string;
}

export interface ClientInput {
	email?: string;
	role_slug?: string;
	project_ids?: number[];
	section_ids?: number[];
	/** true: joined_at = now */
	joined?: boolean;
	joined_at?: number | null;
	invited_at?: number;
}

export type RecordKind =
	'project' | 'client' | 'review' | 'customer' | 'charge' | 'message' | 'source' | 'shareTemplate';
