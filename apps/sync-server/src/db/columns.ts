import type { ColumnType, Generated } from 'kysely';

/**
 * How values are represented in the columns, on SQLite and PostgreSQL alike (./dialect.ts decides
 * what the two spell differently; the stored forms here are the same on both). Table files
 * (./tables/*.ts) use only these names for anything that is not plain text or a plain number, so
 * the representation stays visible here.
 */

/** A boolean stored as 0/1 (SQLite has no boolean type); a default of 0 or 1 in the migration. */
export type Bool = ColumnType<number, number | undefined, number>;

/** An ISO-8601 UTC timestamp as text (see domain/time.ts `nowIso`). */
export type IsoTimestamp = string;

/** An ISO-8601 UTC timestamp set when the row is inserted and never updated. */
export type CreatedAt = ColumnType<IsoTimestamp, IsoTimestamp, never>;

/** A JSON document stored as text (JSON.stringify / JSON.parse in the domain code). */
export type JsonText = string;

/** A JSON document as text with a default in the migration (e.g. '{}'). */
export type DefaultedJsonText = ColumnType<JsonText, JsonText | undefined, JsonText>;

/** An AES-256-GCM envelope at rest (packages/crypto atRest) stored as text. */
export type EncryptedText = string;

/**
 * Plain text (e.g. JsonText) or, where the value is sensitive, its EncryptedText envelope: one
 * name, as both are text (a union of the two would repeat `string`).
 */
export type MaybeEncryptedText = string;

/** An integer with a default in the migration. */
export type DefaultedInt = ColumnType<number, number | undefined, number>;

/** An integer primary key assigned by the database. */
export type AutoId = Generated<number>;
