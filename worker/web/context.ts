import { createContext, type RouterContextProvider } from "react-router";
import { getDb, type Database } from "@worker/db/client";

/** What React Router loaders and actions get from the Worker: bindings, the execution context, a db handle. */
export type WorkerContext = { env: Env; ctx: ExecutionContext; db: Database };

export const workerContext = createContext<WorkerContext>();

export function makeWorkerContext(env: Env, ctx: ExecutionContext): WorkerContext {
  return { env, ctx, db: getDb(env) };
}

/** Shorthand for loaders and actions: `const { db, env } = fromContext(context)`. */
export function fromContext(context: Readonly<RouterContextProvider>): WorkerContext {
  return context.get(workerContext);
}
