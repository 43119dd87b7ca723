'use strict';
// The node panel's parameters: which ones it renders, and filling them in (plain inputs, the
// credential select, resource locators by id or from their list).
const { tid, until, sleep } = require('../browser');
const { visibleOptionElements } = require('./dropdowns');

/** Paths of the parameter inputs the panel renders (`parameters.x`, `parameters.coll.field`). */
async function renderedParameterPaths(page) {
	const paths = await page.$$eval(`${tid('node-parameters')} [data-parameter-path]`, (els) =>
		els.map((e) => e.getAttribute('data-parameter-path')),
	);
	return [
		...new Set(
			paths.filter((p) => p.startsWith('parameters.')).map((p) => p.slice('parameters.'.length)),
		),
	];
}

/** Top-level parameter names the panel renders (inputs and collections), in panel order. */
async function renderedTopLevel(page) {
	const names = (await renderedParameterPaths(page)).map((p) => p.split(/[.[]/)[0]);
	return [...new Set(names)];
}

/** Types into a plain input parameter (replacing what is there). */
async function fillParameter(page, name, text) {
	const sel = `[data-parameter-path="parameters.${name}"] input, [data-parameter-path="parameters.${name}"] textarea, ${tid(`parameter-input-${name}`)} input, ${tid(`parameter-input-${name}`)} textarea`;
	await page.waitForSelector(sel, { visible: true, timeout: 15000 });
	const input = await page.$(sel);
	await input.click({ clickCount: 3 });
	await page.keyboard.down('Control');
	await page.keyboard.press('a');
	await page.keyboard.up('Control');
	await page.keyboard.press('Backspace');
	await input.type(String(text));
	await sleep(200);
}

/** Chooses a credential by its name in the panel's Credential select. */
async function selectCredential(page, credentialName) {
	const sel = `${tid('node-credentials-select')} input`;
	await page.waitForSelector(sel, { visible: true, timeout: 15000 });
	const current = await page.$eval(sel, (e) => e.value);
	if (current === credentialName) return;
	const item = await until(
		`credential "${credentialName}"`,
		async () => {
			for (const el of await visibleOptionElements(page)) {
				const text = await el.evaluate((e) => e.textContent.trim());
				if (text.startsWith(credentialName)) return el;
			}
			// Not open (yet): a click right after another select closed may be swallowed.
			await page.click(sel);
			await sleep(400);
			return null;
		},
		{ timeoutMs: 15000, intervalMs: 100 },
	);
	await item.click();
	await until(`credential ${credentialName} selected`, () =>
		page.$eval(sel, (e, want) => e.value === want, credentialName),
	);
}

async function selectedCredential(page) {
	return page.$eval(`${tid('node-credentials-select')} input`, (e) => e.value).catch(() => null);
}

/** A resource locator: switches it to "By ID" and types the id. */
async function setLocatorById(page, name, id) {
	const root = tid(`resource-locator-${name}`);
	await page.waitForSelector(root, { visible: true, timeout: 15000 });
	const mode = await page.$eval(`${root} ${tid('rlc-mode-selector')} input`, (e) => e.value);
	if (mode !== 'By ID') {
		await page.click(`${root} ${tid('rlc-mode-selector')} input`);
		const option = await until(
			'mode By ID',
			async () => {
				for (const el of await visibleOptionElements(page)) {
					if ((await el.evaluate((e) => e.textContent.trim())) === 'By ID') return el;
				}
				return null;
			},
			{ timeoutMs: 10000 },
		);
		await option.click();
		await until('By ID chosen', () =>
			page.$eval(`${root} ${tid('rlc-mode-selector')} input`, (e) => e.value === 'By ID'),
		);
	}
	const input = `${root} input${tid('rlc-input')}`;
	await page.click(input, { clickCount: 3 });
	await page.keyboard.press('Backspace');
	await page.type(input, String(id));
	await sleep(250);
}

/**
 * A resource locator in "From list" mode: opens the list, types `search` into its search box, waits
 * until the items match `expected` (their visible texts) and clicks the first one. Resolves the texts.
 */
async function pickFromList(page, name, search, expected) {
	const root = tid(`resource-locator-${name}`);
	await page.waitForSelector(root, { visible: true, timeout: 15000 });
	await page.click(`${root} ${tid('rlc-input')}`);
	const searchBox = await until(
		'list search box',
		async () => {
			for (const el of await page.$$(`${tid('rlc-search')} input, input${tid('rlc-search')}`)) {
				if (await el.evaluate((e) => e.getBoundingClientRect().height > 0)) return el;
			}
			return null;
		},
		{ timeoutMs: 15000 },
	);
	await searchBox.type(search);
	const visibleItems = async () => {
		const items = [];
		for (const el of await page.$$(tid('rlc-item'))) {
			if (await el.evaluate((e) => e.getBoundingClientRect().height > 0)) items.push(el);
		}
		return items;
	};
	const texts = await until(
		`list of ${name} filtered by "${search}"`,
		async () => {
			const items = await visibleItems();
			const found = await Promise.all(items.map((el) => el.evaluate((e) => e.textContent.trim())));
			return found.length && found.every((t) => expected.test(t)) ? found : null;
		},
		{ timeoutMs: 15000 },
	);
	const [first] = await visibleItems();
	await first.click();
	await sleep(300);
	return texts;
}

module.exports = {
	renderedParameterPaths,
	renderedTopLevel,
	fillParameter,
	selectCredential,
	selectedCredential,
	setLocatorById,
	pickFromList,
};
