/**
 * A board's version (migrations/1734500000000-board-versions.ts): every transaction that changes
 * what the board's entries pages show (its entries, its row) moves it on before it commits, so a
 * page cached at one version is the board's page for as long as the version reads the same
 * (src/store/read-cache.ts). Writers of entries take it with the board's lock
 * (results.ts lockBoard); the others are entries.ts renamePlayer and the board's own updates.
 */
export const BUMP_VERSION = 'UPDATE boards SET version = version + 1 WHERE pk = ?';

/** For a TypeORM update of the board's row: `{ ...fields, version: nextVersion }`. */
export const nextVersion = () => 'version + 1';

/**
 * What a version is compared as: the board's pk with its version, so a board deleted and another
 * created under the same id (a new pk) never matches the old one's pages.
 */
export const versionText = (pk: unknown, version: unknown) => `${Number(pk)}.${String(version)}`;
