// How imported gifts are named among donations: one reference per import and row, so a second run
// of an import finds the gifts it recorded already.

/** The provider of imported gifts: never refunded through a provider, like offline gifts. */
export const IMPORT_PROVIDER = 'import';

export const importReference = (importId: number, row: number) => `import-${importId}-${row}`;
