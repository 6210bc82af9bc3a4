/**
 * What every person in the busiest-hour load shares: the store, the clock, the catalogue they
 * play on, and the ledger of what they did that the consistency checks compare D1 against.
 */
import type { Catalogue } from "./catalogue.ts";
import type { Client, Reply, RequestOptions } from "./client.ts";
import type { LoadLedger } from "./consistency.ts";
import type { Recorder } from "./recorder.ts";

export type Scenario = {
  origin: string;
  recorder: Recorder;
  catalogue: Catalogue;
  /** No step starts after this moment (ms since the epoch). */
  deadline: number;
  /** A person's pause between two steps: uniformly from half to one and a half of this (ms). */
  thinkMs: number;
  /** Filled as the run goes: orders accepted, prices the seller set, the shoppers. Card payments are read from the fake Stripe afterwards. */
  ledger: Omit<LoadLedger, "payments">;
  /** The fake Stripe's address, learnt from the first payment link the store hands out. */
  stripeOrigin?: string;
  counts: { cod: number; card: number; paid: number; cancelled: number; soldOut: number; edits: number };
};

/** Thrown by a step that would start after the deadline: the person goes home. */
export class TimeUp extends Error {}

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
export const chance = (p: number) => Math.random() < p;

/** One step of a person: the request (unless the hour is over), then the pause a person takes before the next. */
export async function step(scenario: Scenario, client: Client, route: string, path: string, options?: RequestOptions): Promise<Reply | null> {
  if (Date.now() >= scenario.deadline) throw new TimeUp();
  const reply = await client.request(route, path, options);
  const pause = Math.min(scenario.thinkMs * (0.5 + Math.random()), scenario.deadline - Date.now());
  if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  return reply;
}

/** Runs a person's journey again and again until the hour is over. */
export async function untilTimeUp(journey: () => Promise<void>): Promise<void> {
  try {
    for (;;) await journey();
  } catch (error) {
    if (!(error instanceof TimeUp)) throw error;
  }
}
