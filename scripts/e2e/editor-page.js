'use strict';
// What a user does in n8n's node panel (NDV), as puppeteer steps on n8n 2.41's DOM. Selectors are
// n8n's own `data-test-id`s and `data-parameter-path` (the path of every rendered parameter input).
const { tid, until, sleep } = require('./browser');

/** Visible dropdown items of the open select (n8n keeps closed poppers in the DOM). */
async function visibleOptionElements(page) {
	const all = await page.$$('.el-select-dropdown__item, [data-test-id="parameter-input-item"]');
	const visible = [];
	for (const el of all) {
		const shown = await el.evaluate((e) => {
			const r = e.getBoundingClientRect();
			const popper = e.closest('.el-popper, .el-select-dropdown');
			const hidden =
				popper &&
				(getComputedStyle(popper).display === 'none' ||
					popper.getAttribute('aria-hidden') === 'true');
			return r.width > 0 && r.height > 0 && !hidden;
		});
		if (shown) visible.push(el);
	}
	return visible;
}

/** The option names (headline only, without the description) of the open select. */
async function visibleOptionNames(page) {
	const names = [];
	for (const el of await visibleOptionElements(page)) {
		names.push(
			await el.evaluate((e) => (e.querySelector('.option-headline') || e).textContent.trim()),
		);
	}
	return [...new Set(names)];
}

async function closeDropdown(page) {
	// Escape closes an open select first (a second Escape would close the panel), so only while one is open.
	if ((await visibleOptionElements(page)).length) await page.keyboard.press('Escape');
	await until('dropdown closed', async () => (await visibleOptionElements(page)).length === 0, {
		timeoutMs: 5000,
	});
}

/** Opens the select of a top-level parameter and resolves the option names it lists. */
async function optionsOf(page, name) {
	await openSelect(page, name);
	const names = await settledOptionNames(page, `options of ${name}`);
	await closeDropdown(page);
	return names;
}

/**
 * The option names of the dropdown that is opening, once two reads 300 ms apart agree: a busy machine
 * renders a long list over several frames, and a first read can catch only its top.
 */
async function settledOptionNames(page, what) {
	let previous = [];
	return await until(
		what,
		async () => {
			const found = await visibleOptionNames(page);
			const settled = found.length > 0 && found.join('\n') === previous.join('\n');
			previous = found;
			if (!settled) await sleep(300);
			return settled ? found : null;
		},
		{ timeoutMs: 15000 },
	);
}

async function openSelect(page, name) {
	const sel = `${tid(`parameter-input-${name}`)} input`;
	await page.waitForSelector(sel, { visible: true, timeout: 15000 });
	await page.click(sel);
	await sleep(300);
}

/** Chooses the option shown as `optionName` in the select of parameter `name`. */
async function selectOption(page, name, optionName) {
	const current = await page
		.$eval(`${tid(`parameter-input-${name}`)} input`, (e) => e.value)
		.catch(() => null);
	if (current === optionName) return;
	await openSelect(page, name);
	const target = await until(
		`option "${optionName}" of ${name}`,
		async () => {
			for (const el of await visibleOptionElements(page)) {
				const text = await el.evaluate((e) =>
					(e.querySelector('.option-headline') || e).textContent.trim(),
				);
				if (text === optionName) return el;
			}
			return null;
		},
		{ timeoutMs: 10000 },
	);
	await target.click();
	await until(
		`${name} = ${optionName}`,
		() =>
			page.$eval(
				`${tid(`parameter-input-${name}`)} input`,
				(e, want) => e.value === want,
				optionName,
			),
		{ timeoutMs: 10000 },
	);
	await sleep(250);
}

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

/**
 * The "Add field" / "Add option" list of the collection shown with display name `displayName`:
 * resolves the option names it offers (what a user can add).
 */
async function collectionOptionNames(page, displayName) {
	const button = await until(
		`collection "${displayName}"`,
		async () => {
			for (const item of await page.$$(`${tid('node-parameters')} ${tid('parameter-item')}`)) {
				const label = await item.evaluate((e) => {
					const l = e.querySelector('label, .parameter-name, [class*="title"]');
					return l ? l.textContent.trim() : '';
				});
				if (label.startsWith(displayName)) {
					const add = await item.$(
						`${tid('collection-parameter-add')}, ${tid('fixed-collection-add')}`,
					);
					if (add) return add;
				}
			}
			return null;
		},
		{ timeoutMs: 10000 },
	);
	const clickable = (await button.$('input')) || button;
	await clickable.click();
	const names = await settledOptionNames(page, `options of collection ${displayName}`);
	await closeDropdown(page);
	return names;
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

/** Clicks "Execute step" / "Fetch Test Event" in the panel and resolves the output panel's text. */
async function executeStep(page, { timeoutMs = 60000 } = {}) {
	const before = await outputText(page);
	await page.click(tid('node-execute-button'));
	return until(
		'output of the step',
		async () => {
			const text = await outputText(page);
			const running = await page.$(
				`${tid('node-execute-button')}[disabled], ${tid('node-execute-button')} .is-loading`,
			);
			if (!running && text && text !== before && /item|error|problem/i.test(text)) return text;
			return null;
		},
		{ timeoutMs, intervalMs: 300 },
	);
}

async function outputText(page) {
	return page.$eval(tid('output-panel'), (e) => e.innerText).catch(() => '');
}

/** Switches the output panel to its JSON view and resolves that text. */
async function outputJson(page) {
	const modes = await page.$$(
		`${tid('output-panel')} ${tid('ndv-run-data-display-mode')} label, ${tid('output-panel')} [data-test-id^="radio-button-json"]`,
	);
	for (const m of modes) {
		const t = await m.evaluate((e) => e.textContent.trim());
		if (/^json$/i.test(t)) {
			await m.click();
			await sleep(400);
			break;
		}
	}
	return outputText(page);
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

/**
 * What the output panel shows: the item count ("2 items") and its JSON view with all whitespace
 * removed. The JSON view renders only the lines in sight, so long outputs are cut: match a prefix.
 */
async function outputSummary(page) {
	const text = (await outputJson(page)).replace(/[\u00a0\u200b]/g, ' ');
	const count = /(\d+) items?\b/.exec(text);
	const start = text.indexOf('[');
	return {
		count: count ? Number(count[1]) : null,
		compact: start < 0 ? '' : text.slice(start).replace(/\s+/g, ''),
	};
}

/** The output panel's items (its JSON view, parsed): for short outputs only (see outputSummary). */
async function outputItems(page) {
	const text = await outputJson(page);
	const start = text.indexOf('[');
	if (start < 0) throw new Error(`no JSON in the output panel: ${text.slice(0, 500)}`);
	// The JSON view indents with non-breaking spaces.
	return JSON.parse(text.slice(start).replace(/[\u00a0\u200b]/g, ' '));
}

module.exports = {
	outputSummary,
	outputItems,
	setLocatorById,
	pickFromList,
	visibleOptionNames,
	optionsOf,
	selectOption,
	renderedParameterPaths,
	renderedTopLevel,
	collectionOptionNames,
	fillParameter,
	selectCredential,
	selectedCredential,
	executeStep,
	outputText,
	outputJson,
	closeDropdown,
};
