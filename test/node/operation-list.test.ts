/**
 * Adding an operation touches one folder (CONTRIBUTING.md, "Add an operation"): the operation file exports its
 * `option`, its resource's index.ts lists it, and the test catalogue drives it. This proves the lists
 * agree, so a file that is written but not listed, or listed but not driven by the hostile tests
 * (test/harness/operation-catalogue.ts), fails here instead of going unnoticed.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties } from 'n8n-workflow';

import { operationsByResource } from '../../nodes/ReviewCollection/actions/resources';
import type { Operation } from '../../nodes/ReviewCollection/actions/types';
import { EVERY_OPERATION } from '../harness/operation-catalogue';

const actions = path.resolve(__dirname, '../../nodes/ReviewCollection/actions');

/** Every `<resource>/<name>.operation.ts` file on disk, loaded. */
const files = fs
	.readdirSync(actions, { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.flatMap((dir) =>
		fs
			.readdirSync(path.join(actions, dir.name))
			.filter((file) => file.endsWith('.operation.ts'))
			.map((file) => ({
				resource: dir.name,
				file: `${dir.name}/${file}`,
				// eslint-disable-next-line @typescript-eslint/no-require-imports -- loads every operation file found on disk
				module: require(path.join(actions, dir.name, file)) as Operation,
			})),
	);

const listed = Object.entries(operationsByResource).flatMap(([resource, byValue]) =>
	Object.entries(byValue).map(([value, operation]) => ({ resource, value, operation })),
);

describe('the operation list', () => {
	it('has every operation file on disk, under its resource and its own option value', () => {
		expect(files.length).toBeGreaterThan(0);
		const missing = files
			.filter(
				({ resource, module }) => operationsByResource[resource]?.[module.option?.value] !== module,
			)
			.map(({ file }) => file);
		expect(missing).toEqual([]);
		expect(listed).toHaveLength(files.length);
	});

	it.each(files.map(({ file, module }) => [file, module] as const))(
		'%s: its parameters show for its own option value',
		(_file, module) => {
			const shownFor = (property: INodeProperties) => property.displayOptions?.show?.operation;
			for (const property of module.description)
				expect({ name: property.name, operation: shownFor(property) }).toEqual({
					name: property.name,
					operation: [module.option.value],
				});
		},
	);

	it('is what the test catalogue drives, one case per operation (or outside the service)', () => {
		expect(EVERY_OPERATION().sort()).toEqual(
			listed.map(({ resource, value }) => `${resource}.${value}`).sort(),
		);
	});
});
