import { createContext, type RouterContextProvider } from "react-router";
import { getDb, type Database } from "@worker/db/client";

export type WorkerContext = { env: Env; ctx: ExecutionContext; db: Database };

export const workerContext = createContext<WorkerContext>();

export function makeWorkerContext(env: Env, ctx: ExecutionContext): WorkerContext {
  return { env, ctx, db: getDb(env) };
}

export function fromContext(context: Readonly<RouterContextProvider>): WorkerContext {
  return context.get(workerContext);
}
