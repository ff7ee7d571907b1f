/** PostgreSQL's unique-violation code (23505), as both drivers (pg and PGlite) report it. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
