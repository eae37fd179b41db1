/**
 * Table shapes as Kysely sees them (camelCase; CamelCasePlugin maps to snake_case columns).
 * Times are ISO 8601 text, booleans are 0/1 integers and free fields are JSON text, so that one
 * set of migrations serves SQLite and PostgreSQL alike.
 */

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  passwordHash: string | null;
  avatarUrl: string | null;
  isActive: number;
  isVerified: number;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
}

export interface DB {
  users: UsersTable;
}
