/**
 * Environment the n8n engine needs before any n8n module is loaded. Shared by jest's
 * globalSetup (parent process) and setupFiles (every test file), so both agree.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Sets the variables; returns the user folder it created, if it had to create one. */
export function applyTestEnvironment(): string | undefined {
	let created: string | undefined;
	// InstanceSettings writes `$N8N_USER_FOLDER/.n8n/config` on first use: never the real home.
	if (!process.env.N8N_USER_FOLDER) {
		created = mkdtempSync(join(tmpdir(), 'n8n-harness-'));
		process.env.N8N_USER_FOLDER = created;
	}
	process.env.N8N_LOG_LEVEL = 'silent';
	// A proxy variable in the environment must not hijack calls to our loopback servers.
	process.env.NO_PROXY = '127.0.0.1,localhost';
	process.env.no_proxy = '127.0.0.1,localhost';
	// Silences the "permissions 0644 for n8n settings file are too wide" warning/fix attempt.
	process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS ??= 'false';
	process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
	return created;
}
