import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests of every workspace. The server suite runs on SQLite, and a second
 * time on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
const serverProject = (db: 'sqlite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    // Fails a test whose requests or answers the OpenAPI document does not describe.
    setupFiles: ['src/test/api-contract-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts', 'catalogue/**/*.test.ts'],
        },
      },
      serverProject('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      'apps/web',
    ],
  },
});
