'use strict';
// n8n's selects (Element Plus): reading and choosing options. n8n keeps closed poppers in the DOM,
// so every read keeps only the visible items.
const { tid, until, sleep } = require('../browser');

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

/** The "Add field" / "Add option" button of the collection shown with display name `displayName`. */
async function collectionAddButton(page, displayName) {
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
	return (await button.$('input')) || button;
}

/**
 * The "Add field" / "Add option" list of the collection shown with display name `displayName`:
 * resolves the option names it offers (what a user can add).
 */
async function collectionOptionNames(page, displayName) {
	await (await collectionAddButton(page, displayName)).click();
	const names = await settledOptionNames(page, `options of collection ${displayName}`);
	await closeDropdown(page);
	return names;
}

/** Adds the field shown as `optionName` to the collection `displayName` (it takes its default). */
async function addCollectionOption(page, displayName, optionName) {
	await (await collectionAddButton(page, displayName)).click();
	await settledOptionNames(page, `options of collection ${displayName}`);
	for (const el of await visibleOptionElements(page)) {
		const text = await el.evaluate((e) =>
			(e.querySelector('.option-headline') || e).textContent.trim(),
		);
		if (text === optionName) {
			await el.click();
			await sleep(400);
			return;
		}
	}
	throw new Error(`collection "${displayName}" offers no "${optionName}"`);
}

module.exports = {
	visibleOptionElements,
	visibleOptionNames,
	closeDropdown,
	optionsOf,
	selectOption,
	collectionOptionNames,
	addCollectionOption,
};
