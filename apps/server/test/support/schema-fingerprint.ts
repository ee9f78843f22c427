import type pg from 'pg';

/**
 * A database's schema as sorted lines of text, from PostgreSQL's own catalogue and its pg_get_*def
 * functions (what pg_dump --schema-only prints, without a pg_dump: none of the server's version is at
 * hand). Two databases with the same lines have the same tables, columns in the same order, types,
 * defaults, constraints, indexes, triggers, functions, views, sequences and extensions.
 */
export async function schemaFingerprint(db: pg.Pool | pg.Client): Promise<string[]> {
  const queries = [
    `SELECT 'column ' || c.relname || '.' || a.attnum || ' ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
            || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
            || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
            || CASE WHEN a.attidentity <> '' THEN ' identity ' || a.attidentity::text ELSE '' END
            || CASE WHEN a.attgenerated <> '' THEN ' generated ' || a.attgenerated::text ELSE '' END AS line
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
    `SELECT 'constraint ' || c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) AS line
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public'`,
    `SELECT 'index ' || indexdef AS line FROM pg_indexes WHERE schemaname = 'public'`,
    `SELECT 'trigger ' || pg_get_triggerdef(t.oid) AS line
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal`,
    `SELECT 'function ' || pg_get_functiondef(p.oid) AS line
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`,
    `SELECT 'view ' || viewname || ' ' || definition AS line FROM pg_views WHERE schemaname = 'public'`,
    `SELECT 'sequence ' || sequencename || ' ' || data_type::text || ' ' || increment_by AS line
       FROM pg_sequences WHERE schemaname = 'public'`,
    `SELECT 'extension ' || extname AS line FROM pg_extension`,
    `SELECT 'type ' || t.typname || ' ' || t.typtype::text AS line
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'c') AND t.typrelid = 0`,
  ];
  const lines: string[] = [];
  for (const text of queries) lines.push(...(await db.query<{ line: string }>(text)).rows.map((r) => r.line));
  return lines.sort();
}
