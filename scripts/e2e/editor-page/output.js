'use strict';
// Running the node from its panel and reading what the output panel shows.
const { tid, until, sleep } = require('../browser');

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

module.exports = { executeStep, outputText, outputJson, outputSummary, outputItems };
