/**
 * What a backup archive holds (docs/decisions/backups.md): a gzipped tar whose first entry is
 * manifest.json, then one COPY text file per table under database/, then every stored file under
 * files/ by its storage key. The schema is not in it: it is the migrations the manifest names, which
 * every later release still has (they only go forward), so a restore makes it by running them.
 */
export const ARCHIVE_FORMAT = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_FOLDER = 'database/';
export const FILES_FOLDER = 'files/';

/** Table names as the migrations write them; anything else in an archive is refused. */
export const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

export interface TableDump {
  name: string;
  /** The stored columns, in COPY order (generated columns are computed again on load). */
  columns: string[];
  rows: number;
}

export interface SequenceValue {
  name: string;
  /** As text: a bigint. */
  value: string;
  called: boolean;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  /** The release that wrote it. */
  hearth_version: string;
  /** The moment the database snapshot was taken: the data is as of then. */
  taken_at: string;
  /** The migrations applied to the database, in order. */
  migrations: string[];
  tables: TableDump[];
  sequences: SequenceValue[];
  /** How many stored files follow the tables. */
  files: number;
}

export const tableEntry = (name: string) => `${DATABASE_FOLDER}${name}.tsv`;

/** Reads and checks a manifest; throws a sentence for people when it is not one this release reads. */
export function parseManifest(text: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new Error('This is not a Hearth backup (its manifest cannot be read).');
  }
  if (manifest.format !== ARCHIVE_FORMAT)
    throw new Error(`This backup has format ${String(manifest.format)}; this release reads format ${ARCHIVE_FORMAT}.`);
  const bad = manifest.tables.find((t) => !TABLE_NAME.test(t.name) || !t.columns.every((c) => TABLE_NAME.test(c)));
  if (bad) throw new Error(`This backup names a table this release cannot load (${bad.name}).`);
  if (!manifest.sequences.every((s) => TABLE_NAME.test(s.name) && /^-?\d+$/.test(s.value)))
    throw new Error('This backup names a sequence this release cannot load.');
  return manifest;
}
