import { createContext, type RouterContextProvider } from "react-router";
import { getDb, type Database } from "@worker/db/client";

export type WorkerContext = { env: Env; ctx: ExecutionContext; db: Database };

export const workerContext = createContext<WorkerContext>();

export const makeWorkerContext = (env: Env, ctx: ExecutionContext): WorkerContext => ({ env, ctx, db: getDb(env) });

export const fromContext = (context: Readonly<RouterContextProvider>): WorkerContext => context.get(workerContext);
