// The package ships no types and @types/better-sqlite3 is not installed on our build machines:
// this declares the part of its API that Seller Desk uses (store, rate ledger, tests).
declare module 'better-sqlite3' {
  namespace Database {
    interface RunResult {
      changes: number;
      lastInsertRowid: number | bigint;
    }
    interface Statement<Row = unknown> {
      run(...params: unknown[]): RunResult;
      get(...params: unknown[]): Row | undefined;
      all(...params: unknown[]): Row[];
      iterate(...params: unknown[]): IterableIterator<Row>;
      pluck(toggle?: boolean): this;
      raw(toggle?: boolean): this;
      readonly reader: boolean;
      readonly source: string;
    }
    interface Transaction<F extends (...args: never[]) => unknown> {
      (...args: Parameters<F>): ReturnType<F>;
      deferred(...args: Parameters<F>): ReturnType<F>;
      immediate(...args: Parameters<F>): ReturnType<F>;
      exclusive(...args: Parameters<F>): ReturnType<F>;
    }
    interface Options {
      readonly?: boolean;
      fileMustExist?: boolean;
      timeout?: number;
      verbose?: (message?: unknown, ...rest: unknown[]) => void;
      nativeBinding?: string;
    }
    interface Database {
      readonly name: string;
      readonly open: boolean;
      readonly inTransaction: boolean;
      readonly readonly: boolean;
      readonly memory: boolean;
      prepare<Row = unknown>(source: string): Statement<Row>;
      exec(source: string): this;
      pragma(source: string, options?: { simple?: boolean }): unknown;
      transaction<F extends (...args: never[]) => unknown>(fn: F): Transaction<F>;
      function(name: string, fn: (...args: unknown[]) => unknown): this;
      function(
        name: string,
        options: { deterministic?: boolean; varargs?: boolean },
        fn: (...args: unknown[]) => unknown,
      ): this;
      close(): this;
    }
    interface SqliteError extends Error {
      code: string;
    }
  }
  interface DatabaseConstructor {
    new (filename?: string, options?: Database.Options): Database.Database;
    (filename?: string, options?: Database.Options): Database.Database;
    readonly SqliteError: new (message: string, code: string) => Database.SqliteError;
  }
  const Database: DatabaseConstructor;
  export = Database;
}
