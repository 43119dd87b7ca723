'use strict';
// n8n's node creator (the panel the canvas "+" opens) and the canvas: which labels it lists for a
// package's node, and the names of the nodes on the canvas. Selectors are n8n 2.41's `data-test-id`s.
const { tid, until, sleep } = require('../browser');

/** Opens the node creator, searches `search` and opens the entry whose text matches it. */
async function openNodeInCreator(page, search) {
	await page.click(tid('canvas-plus-button'));
	await page.waitForSelector(tid('node-creator-search-bar'), { visible: true });
	await page.keyboard.type(search);
	const entry = await until(`"${search}" in the node creator`, async () => {
		for (const el of await page.$$(tid('item-iterator-item'))) {
			if ((await el.evaluate((e) => e.textContent)).includes(search)) return el;
		}
		return null;
	});
	await entry.click();
	await page.waitForSelector(tid('node-creator-item-name'), { visible: true });
}

/** The categories of the open node's panel ("Triggers", "Actions"…), each expanded. */
async function expandCategories(page) {
	for (const el of await page.$$(tid('node-creator-category-item'))) {
		const expanded = await el.evaluate(
			(e) =>
				e.getAttribute('aria-expanded') === 'true' ||
				!!e.querySelector('[data-icon="chevron-down"], [data-icon="angle-down"]'),
		);
		if (!expanded) await el.click();
	}
	await sleep(500);
}

/**
 * The items the open node's panel lists, in order, each with the category heading above it
 * (`Actions`, `Triggers`, or a resource's `… Actions`): what a user reads there.
 */
async function creatorItems(page) {
	await expandCategories(page);
	return await page.$$eval(
		`${tid('node-creator-category-item')}, ${tid('node-creator-item-name')}`,
		(elements) => {
			let category = '';
			const items = [];
			for (const e of elements) {
				const text = e.textContent.trim().replace(/\s+/g, ' ');
				if (e.getAttribute('data-test-id') === 'node-creator-category-item') category = text;
				else items.push({ category, label: text });
			}
			return items;
		},
	);
}

/** Clicks the visible creator item whose label is exactly `label` (retried: the panel slides in). */
async function clickCreatorItem(page, label) {
	await until(`node creator item "${label}" clicked`, async () => {
		for (const el of await page.$$(tid('node-creator-item-name'))) {
			const match = await el.evaluate(
				(e, want) => e.getBoundingClientRect().height > 0 && e.textContent.trim() === want,
				label,
			);
			if (!match) continue;
			try {
				await el.click();
				return true;
			} catch {
				return null;
			}
		}
		return null;
	});
}

/** The names of the nodes on the canvas, as the canvas shows them under each node. */
async function canvasNodeNames(page) {
	return await page.$$eval(tid('canvas-node'), (nodes) =>
		nodes.map((node) => node.getAttribute('data-node-name') ?? ''),
	);
}

module.exports = { openNodeInCreator, creatorItems, clickCreatorItem, canvasNodeNames };
