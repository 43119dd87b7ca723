'use strict';
// What a user does in n8n's node panel (NDV), as puppeteer steps on n8n 2.41's DOM. Selectors are
// n8n's own `data-test-id`s and `data-parameter-path` (the path of every rendered parameter input).
// One module for the tests, its steps by concern: selects (dropdowns.js), parameters (parameters.js),
// running a step and reading its output (output.js), the node creator and the canvas (creator.js).
const dropdowns = require('./dropdowns');
const parameters = require('./parameters');
const output = require('./output');
const creator = require('./creator');

module.exports = {
	outputSummary: output.outputSummary,
	outputItems: output.outputItems,
	setLocatorById: parameters.setLocatorById,
	pickFromList: parameters.pickFromList,
	visibleOptionNames: dropdowns.visibleOptionNames,
	optionsOf: dropdowns.optionsOf,
	selectOption: dropdowns.selectOption,
	renderedParameterPaths: parameters.renderedParameterPaths,
	renderedTopLevel: parameters.renderedTopLevel,
	collectionOptionNames: dropdowns.collectionOptionNames,
	addCollectionOption: dropdowns.addCollectionOption,
	fillParameter: parameters.fillParameter,
	selectCredential: parameters.selectCredential,
	selectedCredential: parameters.selectedCredential,
	executeStep: output.executeStep,
	outputText: output.outputText,
	outputJson: output.outputJson,
	closeDropdown: dropdowns.closeDropdown,
	openNodeInCreator: creator.openNodeInCreator,
	creatorItems: creator.creatorItems,
	clickCreatorItem: creator.clickCreatorItem,
	canvasNodeNames: creator.canvasNodeNames,
};
