/**
 * Which constraint a failed write broke, on either database (db/dialect.ts): SQLite names it in
 * the error code (`SQLITE_CONSTRAINT_UNIQUE`, …), PostgreSQL in its SQLSTATE (23505 unique and
 * primary key, 23503 foreign key) with the constraint's name (`<table>_pkey` for a primary key).
 */
export type ConstraintViolation = 'unique' | 'primaryKey' | 'foreignKey';

export function constraintViolation(error: unknown): ConstraintViolation | undefined {
  if (!(error instanceof Error) || !('code' in error)) return undefined;
  const code = String(error.code);
  if (code.startsWith('SQLITE_CONSTRAINT_PRIMARYKEY')) return 'primaryKey';
  if (code.startsWith('SQLITE_CONSTRAINT_UNIQUE')) return 'unique';
  if (code.startsWith('SQLITE_CONSTRAINT_FOREIGNKEY')) return 'foreignKey';
  if (code === '23503') return 'foreignKey';
  if (code === '23505') {
    const constraint = 'constraint' in error ? String(error.constraint) : '';
    return constraint.endsWith('_pkey') ? 'primaryKey' : 'unique';
  }
  return undefined;
}
