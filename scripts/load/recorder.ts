/**
 * What the busiest-hour load saw, request by request: latency per route, and each answer sorted
 * into what the store should answer under load (ok), its own brakes (rate-limited: a 429), an
 * honest refusal (a 409: sold out at a checkout, or a stock count that orders moved under the
 * seller's restock), and everything else (errors, by status).
 */
import { percentile } from "../../bench/routes.ts";

export type Outcome = "ok" | "rate-limited" | "refused" | "error";

type RouteRecord = { latencies: number[]; outcomes: Record<Outcome, number>; errors: Map<string, number> };

export type RouteSummary = {
  persona: string;
  route: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  outcomes: Record<Outcome, number>;
  errors: Map<string, number>;
};

export class Recorder {
  private readonly routes = new Map<string, RouteRecord>();

  /** `status`: the HTTP status, or what went wrong before one came ("timeout", "network"). */
  record(persona: string, route: string, ms: number, status: number | string, outcome: Outcome): void {
    const key = `${persona}\t${route}`;
    let entry = this.routes.get(key);
    if (!entry) {
      entry = { latencies: [], outcomes: { ok: 0, "rate-limited": 0, refused: 0, error: 0 }, errors: new Map() };
      this.routes.set(key, entry);
    }
    entry.latencies.push(ms);
    entry.outcomes[outcome]++;
    if (outcome === "error") entry.errors.set(String(status), (entry.errors.get(String(status)) ?? 0) + 1);
  }

  /** Forget what was recorded (the accounts made before the hour are not part of it). */
  clear(): void {
    this.routes.clear();
  }

  summary(): RouteSummary[] {
    return [...this.routes]
      .map(([key, r]) => ({
        persona: key.split("\t")[0]!,
        route: key.split("\t")[1]!,
        requests: r.latencies.length,
        p50: percentile(r.latencies, 50),
        p99: percentile(r.latencies, 99),
        max: r.latencies.reduce((a, b) => Math.max(a, b), 0),
        outcomes: r.outcomes,
        errors: r.errors,
      }))
      .sort((a, b) => a.persona.localeCompare(b.persona) || a.route.localeCompare(b.route));
  }
}

/** Every request in a summary, by outcome. */
export function totals(routes: RouteSummary[]): Record<Outcome, number> & { requests: number } {
  const sum = { requests: 0, ok: 0, "rate-limited": 0, refused: 0, error: 0 };
  for (const r of routes) {
    sum.requests += r.requests;
    for (const outcome of ["ok", "rate-limited", "refused", "error"] as const) sum[outcome] += r.outcomes[outcome];
  }
  return sum;
}
