/** PostgreSQL's unique-violation code (23505), as both drivers (pg and PGlite) report it. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/** PostgreSQL's foreign-key violation (23503): a referenced row went between a read and a write. */
export const isForeignKeyViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23503';
