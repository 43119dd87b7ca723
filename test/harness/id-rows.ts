/** Plain records for the list reader's tests: ids `from`..`to`, and the ids of a list read. */
export type Row = { id: number };

export const rows = (from: number, to: number): Row[] =>
	Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i }));

export const ids = (list: Row[]) => list.map((row) => row.id);
