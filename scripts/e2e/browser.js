'use strict';
// A real browser on the n8n editor: Debian's chromium driven by puppeteer-core (which never
// downloads a browser). Used by test/e2e/editor*.e2e.ts. n8n's own `data-test-id` attributes are
// the selectors: they are what n8n's Playwright tests use, so they are the stable ones.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags that work on this machine kind (root, no GPU, no network beyond 127.0.0.1). */
const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
	'--window-size=1600,1000',
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Launches chromium with a new empty profile. Resolves { browser, profileDir }. */
async function launch() {
	if (!fs.existsSync(CHROMIUM)) {
		throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
	}
	const puppeteer = require('puppeteer-core');
	const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-chromium-'));
	const browser = await puppeteer.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: [...CHROMIUM_FLAGS, `--user-data-dir=${profileDir}`],
		defaultViewport: { width: 1600, height: 1000 },
		protocolTimeout: 120000,
	});
	return { browser, profileDir };
}

async function close({ browser, profileDir }) {
	if (browser) await browser.close().catch(() => {});
	if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
}

/** CSS selector of an n8n `data-test-id`. */
const tid = (id) => `[data-test-id="${id}"]`;

/** Signs in through n8n's sign-in page (sets the browser's own auth cookie and browser id). */
async function signIn(page, serverUrl, { email, password }) {
	await page.goto(`${serverUrl}/signin`, { waitUntil: 'networkidle2' });
	await page.waitForSelector('input[name="emailOrLdapLoginId"], input[name="email"]', {
		visible: true,
	});
	const emailInput =
		(await page.$('input[name="emailOrLdapLoginId"]')) || (await page.$('input[name="email"]'));
	await emailInput.type(email);
	await page.type('input[name="password"]', password);
	await Promise.all([
		page.waitForNavigation({ waitUntil: 'networkidle2' }).catch(() => {}),
		page.click(tid('form-submit-button')),
	]);
	await page.waitForFunction(() => !location.pathname.startsWith('/signin'), { timeout: 60000 });
}

/** Saves a screenshot into dir (created on demand); resolves its path. */
async function screenshot(page, dir, name) {
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '_').slice(0, 120)}.png`);
	await page.screenshot({ path: file, fullPage: false }).catch(() => {});
	return file;
}

/** Resolves when fn() resolves truthy; rejects after timeoutMs with the last value described. */
async function until(what, fn, { timeoutMs = 30000, intervalMs = 200 } = {}) {
	const deadline = Date.now() + timeoutMs;
	let last;
	while (Date.now() < deadline) {
		try {
			last = await fn();
			if (last) return last;
		} catch (e) {
			last = e;
		}
		await sleep(intervalMs);
	}
	throw new Error(
		`timed out waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`,
	);
}

module.exports = { CHROMIUM, CHROMIUM_FLAGS, launch, close, tid, signIn, screenshot, until, sleep };
