/**
 * What V8's garbage collector costs each route, in the same bare workerd as bench/workerd-cpu.ts
 * (ADR 050). A route's p99 CPU there is its median plus, now and then, a scavenge (V8's young
 * generation collection) that happened to fall in one of its requests: this says how often that
 * is and what makes each one slow. workerd runs with V8's `--trace-gc-nvp` (through Miniflare's
 * MINIFLARE_WORKERD_V8_FLAGS); each route sends its requests in one block and is given the
 * collections its block caused.
 *
 * Per route: the JavaScript heap allocated per request (how often it triggers a scavenge), the
 * scavenges' pauses on the isolate's thread with their two big parts (copying the young objects
 * that survive; the young weak handles of platform objects such as Request, Headers or an
 * AbortSignal), what survived each scavenge, the bytes per request promoted to the old generation
 * (objects of finished requests kept alive through scavenges: they only go in a full collection),
 * and the full (mark-compact) collections with their pauses.
 *
 *   node bench/gc-trace.ts [--state .wrangler/state] [--requests 1000] [--only guest|shopper|seller|Stripe]... [ROUTE NAME]...
 *   (after `npm run build`; route names as in bench/cpu-routes.ts; none: every route of the personas, logins aside)
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { CPU_ROUTES, type CpuRoute, type Persona } from "./cpu-routes.ts";
import { median } from "./routes.ts";
import { send, startInstance } from "./workerd-cpu.ts";

const WARM_UP_REQUESTS = 50;
/** Long enough for workerd's last lines of a block to arrive before the next block starts. */
const SETTLE_MS = 300;

/** The fields of V8's `--trace-gc-nvp` record used here (times in ms, sizes in bytes). */
type GcRecord = {
  gc: string;
  pause: number;
  allocated?: number;
  new_space_survived?: number;
  promoted?: number;
  "scavenge.parallel"?: number;
  "scavenge.weak_global_handles.identify"?: number;
  "scavenge.weak_global_handles.process"?: number;
};

type Traced = { isolate: string; route: CpuRoute | null; record: GcRecord };

function parseGcLine(line: string): { isolate: string; record: GcRecord } | null {
  const match = /^\[(\d+:0x[0-9a-f]+)[^\]]*\].*?GC: (\{.*\})\s*$/.exec(line);
  return match ? { isolate: match[1]!, record: JSON.parse(match[2]!) as GcRecord } : null;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function report(route: CpuRoute, records: GcRecord[], requests: number): string {
  const scavenges = records.filter((r) => r.gc === "s");
  const full = records.filter((r) => r.gc.startsWith("mc"));
  const sum = (list: GcRecord[], pick: (r: GcRecord) => number | undefined) => list.reduce((total, r) => total + (pick(r) ?? 0), 0);
  const pauses = scavenges.map((r) => r.pause);
  const copying = scavenges.map((r) => r["scavenge.parallel"] ?? 0);
  const handles = scavenges.map((r) => (r["scavenge.weak_global_handles.identify"] ?? 0) + (r["scavenge.weak_global_handles.process"] ?? 0));
  return [
    `${route.persona} ${route.name}`,
    `  allocated ${kb(sum(records, (r) => r.allocated) / requests)} per request; ${scavenges.length} scavenges in ${requests} requests`,
    scavenges.length
      ? `  scavenge pause median ${ms(median(pauses))}, max ${ms(Math.max(...pauses))} (copying survivors ${ms(median(copying))}, weak handles ${ms(median(handles))}); survived ${kb(median(scavenges.map((r) => r.new_space_survived ?? 0)))} each`
      : "  no scavenge",
    `  promoted ${kb(sum(scavenges, (r) => r.promoted) / requests)} per request; full collections: ${full.length ? full.map((r) => ms(r.pause)).join(", ") : "none"}`,
  ].join("\n");
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      state: { type: "string", default: ".wrangler/state" },
      requests: { type: "string", default: "1000" },
      only: { type: "string", multiple: true },
    },
  });
  const requests = Number(values.requests);
  const personas = values.only as Persona[] | undefined;
  const routes = positionals.length
    ? positionals.map((name) => {
        const route = CPU_ROUTES.find((r) => r.name === name);
        if (!route) throw new Error(`no route named "${name}" in bench/cpu-routes.ts`);
        return route;
      })
    : CPU_ROUTES.filter((r) => !r.password && (!personas || personas.includes(r.persona)));

  process.env.MINIFLARE_WORKERD_V8_FLAGS = "--trace-gc-nvp";
  const traced: Traced[] = [];
  let current: CpuRoute | null = null;
  const instance = await startInstance(
    { state: values.state!, rounds: 1 },
    resolve(import.meta.dirname, "../build/server"),
    WARM_UP_REQUESTS + requests,
    (line) => {
      const gc = parseGcLine(line);
      if (gc) traced.push({ ...gc, route: current });
    },
  );
  try {
    for (const route of routes) {
      await send(instance.f, route, instance.counter, WARM_UP_REQUESTS);
      await new Promise((done) => setTimeout(done, SETTLE_MS));
      current = route;
      await send(instance.f, route, instance.counter, requests);
      await new Promise((done) => setTimeout(done, SETTLE_MS));
      current = null;
    }
  } finally {
    await instance.close();
  }
  // Miniflare's own workers have isolates too; the store's is the one that collects most.
  const counts = new Map<string, number>();
  for (const t of traced) counts.set(t.isolate, (counts.get(t.isolate) ?? 0) + 1);
  const store = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  console.log(`${requests} requests per route, after ${WARM_UP_REQUESTS} unmeasured ones`);
  for (const route of routes)
    console.log(
      report(
        route,
        traced.filter((t) => t.isolate === store && t.route === route).map((t) => t.record),
        requests,
      ),
    );
}
