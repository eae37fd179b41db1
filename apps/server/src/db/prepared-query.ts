import type { Compilable, CompiledQuery, DialectAdapter, KyselyPlugin, QueryResult } from 'kysely';
import type { Executor } from './database.ts';

/** A query built once: every value it takes comes in as an argument. */
export interface PreparedQuery<Args extends readonly unknown[], Row> {
  /** Runs it; a write's result says how many rows it changed (and, with `returning`, which). */
  execute(executor: Executor, ...args: Args): Promise<QueryResult<Row>>;
  /** Every row of the answer. */
  all(executor: Executor, ...args: Args): Promise<Row[]>;
  /** The answer's first row, if any. */
  first(executor: Executor, ...args: Args): Promise<Row | undefined>;
}

interface Template {
  plugins: readonly KyselyPlugin[];
  sql: string;
  query: CompiledQuery['query'];
  queryId: CompiledQuery['queryId'];
  /** For each parameter of the SQL, in order: the argument it takes. */
  argumentOf: number[];
}

const PLACEHOLDER = '\u0000prepared-query-argument-';

/** A transaction's executor holds a copy of its database's list of plugins. */
const samePlugins = (a: readonly KyselyPlugin[], b: readonly KyselyPlugin[]): boolean =>
  a === b || (a.length === b.length && a.every((plugin, i) => plugin === b[i]));

/**
 * A query compiled once per database and then run with new values: the hot queries of every write
 * and of the recommendations. On SQLite, building a Kysely query and compiling it (nodes, the
 * camelCase plugin, the SQL text) took longer than SQLite took to run it.
 *
 * `build` runs once, with placeholders in place of its arguments, so it may only pass them to the
 * query builder as values (never look at them, spread them or compute with them), and every value
 * that goes into the query must be one of them: a query whose parameters are not exactly its
 * arguments is refused when first compiled. Its answers go through the plugins (camelCase) as any
 * other query's.
 */
export function preparedQuery<Args extends readonly unknown[], Row>(
  arity: Args['length'],
  build: (executor: Executor, ...args: Args) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  // One template per dialect (its adapter), shared by the database and its transactions.
  const templates = new WeakMap<DialectAdapter, Template>();

  const compile = (executor: Executor): Template => {
    const placeholders = Array.from({ length: arity }, (_, i) => `${PLACEHOLDER}${i}`);
    const compiled = build(executor, ...(placeholders as unknown as Args)).compile();
    const argumentOf = compiled.parameters.map((value) => placeholders.indexOf(value as string));
    const used = new Set(argumentOf);
    if (argumentOf.includes(-1) || used.size !== arity || compiled.sql.includes(PLACEHOLDER)) {
      throw new Error(`A prepared query must take each value as an argument: ${compiled.sql}`);
    }
    const { plugins } = executor.getExecutor();
    const { sql, query, queryId } = compiled;
    return { plugins, sql, query, queryId, argumentOf };
  };

  const execute = (executor: Executor, ...args: Args): Promise<QueryResult<Row>> => {
    const { adapter, plugins } = executor.getExecutor();
    let template = templates.get(adapter);
    if (!template) {
      template = compile(executor);
      templates.set(adapter, template);
    } else if (!samePlugins(template.plugins, plugins)) {
      // The same database with other plugins: compiled for them this once.
      template = compile(executor);
    }
    const { sql, query, queryId, argumentOf } = template;
    const parameters = argumentOf.map((index) => args[index]);
    const compiled: CompiledQuery<Row> = { sql, query, queryId, parameters };
    return executor.executeQuery(compiled);
  };

  return {
    execute,
    all: async (executor, ...args) => (await execute(executor, ...args)).rows,
    first: async (executor, ...args) => (await execute(executor, ...args)).rows[0],
  };
}
