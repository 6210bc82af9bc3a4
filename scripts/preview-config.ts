/**
 * What a branch's Worker Preview is bound to (ADR 025), as plain functions over the Wrangler
 * configuration that the build writes (build/server/wrangler.json): scripts/preview.ts uses them
 * in CI, scripts/check-deploy.ts and tests/worker/preview-config.test.ts check them offline.
 * No Node imports: the runtime tests load this file in workerd.
 */

type D1 = { binding: string; database_name?: string; database_id?: string; remote?: boolean; migrations_dir?: string };
type Kv = { binding: string; id?: string };
type R2 = { binding: string; bucket_name?: string };
type RateLimit = { name: string; namespace_id: string; simple?: { limit?: unknown; period?: unknown } };
type DurableObjectBinding = { name: string; class_name: string; script_name?: string };
type Queues = { producers?: { binding: string; queue: string }[]; consumers?: { queue: string }[] };

/** The bindings that production and a Preview each have. */
export type Bindings = {
  vars?: Record<string, unknown>;
  d1_databases?: D1[];
  kv_namespaces?: Kv[];
  r2_buckets?: R2[];
  ratelimits?: RateLimit[];
  durable_objects?: { bindings: DurableObjectBinding[] };
  queues?: Queues;
};
export type WranglerConfig = Bindings & { name: string; previews?: Bindings; [field: string]: unknown };

/** A branch's own resources, created by scripts/preview.ts. */
export type PreviewResources = { databaseName: string; databaseId: string; sessionsId: string; imagesBucket: string };

/**
 * A Preview name from a branch name: lower-case letters, digits and dashes, at most 40 characters,
 * so that `<name>-edge-grocery` stays one DNS label (63) and the resource names stay legal.
 */
export function previewName(branch: string): string {
  const name = branch
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  if (!name) throw new Error(`The branch "${branch}" gives no Preview name`);
  return name;
}

/** The names of a Preview's own D1 database, KV namespace and R2 bucket (R2 allows 63 characters). */
export function previewResourceNames(name: string): { database: string; sessions: string; images: string } {
  return { database: `grocery-preview-${name}`, sessions: `grocery-sessions-preview-${name}`, images: `grocery-images-preview-${name}` };
}

/** The Preview's URL on workers.dev, which its APP_URL must be (Stripe's return URLs, image URLs). */
export function previewUrl(config: Pick<WranglerConfig, "name">, name: string, workersSubdomain: string): string {
  return `https://${name}-${config.name}.${workersSubdomain}.workers.dev`;
}

/** The configuration with its `previews` block bound to this branch's own resources and URL. */
export function withPreviewResources(config: WranglerConfig, resources: PreviewResources, appUrl: string): WranglerConfig {
  const previews = config.previews ?? {};
  const rebind = <T extends { binding: string }>(list: T[] | undefined, resource: Partial<T>): T[] =>
    (list ?? []).map((binding) => ({ ...binding, ...resource }));
  return {
    ...config,
    previews: {
      ...previews,
      vars: { ...previews.vars, APP_URL: appUrl },
      d1_databases: rebind(previews.d1_databases, { database_name: resources.databaseName, database_id: resources.databaseId }),
      kv_namespaces: rebind(previews.kv_namespaces, { id: resources.sessionsId }),
      r2_buckets: rebind(previews.r2_buckets, { bucket_name: resources.imagesBucket }),
    },
  };
}

/**
 * Why this configuration's Previews could reach production or break, one sentence each; empty
 * when none. Checked: every production binding has a Preview binding of the same name (else the
 * Preview lacks it and fails), and no Preview binding names production's database, namespace,
 * bucket, rate-limit namespace, URL, or another Worker's Durable Objects. With `requireResources`,
 * D1, KV and R2 must name a resource (what CI deploys); without, a binding that names none is
 * allowed (Wrangler then creates a new one).
 */
export function previewIsolationProblems(config: WranglerConfig, { requireResources }: { requireResources: boolean }): string[] {
  const problems: string[] = [];
  const previews = config.previews;
  if (!previews) return ["There is no previews block: `wrangler preview` refuses to run, and nothing says what a Preview is bound to."];

  const missing = (kind: string, production: string[], preview: string[]) => {
    for (const name of production) if (!preview.includes(name)) problems.push(`${kind} ${name} has no Preview binding: the Preview would run without it.`);
  };
  const shared = (kind: string, binding: string, value: string | undefined, production: (string | undefined)[]) => {
    if (value !== undefined && production.includes(value)) problems.push(`The Preview's ${kind} ${binding} is production's (${value}).`);
  };
  const unnamed = (kind: string, binding: string, value: string | undefined) => {
    if (requireResources && !value) problems.push(`The Preview's ${kind} ${binding} names no resource of its own.`);
  };

  const d1 = config.d1_databases ?? [];
  missing(
    "D1 database",
    d1.map((b) => b.binding),
    (previews.d1_databases ?? []).map((b) => b.binding),
  );
  for (const b of previews.d1_databases ?? []) {
    shared(
      "D1 database",
      b.binding,
      b.database_id,
      d1.map((p) => p.database_id),
    );
    shared(
      "D1 database",
      b.binding,
      b.database_name,
      d1.map((p) => p.database_name),
    );
    unnamed("D1 database", b.binding, b.database_id);
  }
  const kv = config.kv_namespaces ?? [];
  missing(
    "KV namespace",
    kv.map((b) => b.binding),
    (previews.kv_namespaces ?? []).map((b) => b.binding),
  );
  for (const b of previews.kv_namespaces ?? []) {
    shared(
      "KV namespace",
      b.binding,
      b.id,
      kv.map((p) => p.id),
    );
    unnamed("KV namespace", b.binding, b.id);
  }
  const r2 = config.r2_buckets ?? [];
  missing(
    "R2 bucket",
    r2.map((b) => b.binding),
    (previews.r2_buckets ?? []).map((b) => b.binding),
  );
  for (const b of previews.r2_buckets ?? []) {
    shared(
      "R2 bucket",
      b.binding,
      b.bucket_name,
      r2.map((p) => p.bucket_name),
    );
    unnamed("R2 bucket", b.binding, b.bucket_name);
  }
  const limits = config.ratelimits ?? [];
  missing(
    "Rate limit",
    limits.map((b) => b.name),
    (previews.ratelimits ?? []).map((b) => b.name),
  );
  for (const b of previews.ratelimits ?? [])
    shared(
      "rate limit",
      b.name,
      b.namespace_id,
      limits.map((p) => p.namespace_id),
    );

  const objects = config.durable_objects?.bindings ?? [];
  const previewObjects = previews.durable_objects?.bindings ?? [];
  missing(
    "Durable Object",
    objects.map((b) => b.name),
    previewObjects.map((b) => b.name),
  );
  // A Preview has no queue (ADR 041): producing to production's would act on production's D1.
  for (const b of previews.queues?.producers ?? [])
    problems.push(`The Preview sends to the queue ${b.queue}: events are handled inline in a Preview, never queued.`);
  for (const b of previews.queues?.consumers ?? []) problems.push(`The Preview consumes the queue ${b.queue}.`);
  // Only a class of this Worker is isolated per Preview; script_name reaches the other Worker's production.
  for (const b of previewObjects)
    if (b.script_name) problems.push(`The Preview's Durable Object ${b.name} lives in the Worker ${b.script_name}, shared with production.`);

  if (!previews.vars?.APP_URL) problems.push("The Preview has no APP_URL: Stripe's return URLs and image URLs would have no origin.");
  else if (previews.vars.APP_URL === config.vars?.APP_URL) problems.push(`The Preview's APP_URL is production's (${String(config.vars?.APP_URL)}).`);
  return problems;
}

/**
 * Where wrangler's rate-limit bindings, production's and the previews block's, differ from the
 * limits the code declares (worker/security/limits.ts RATE_LIMITS, the one place they are
 * decided), one sentence each; empty when they agree.
 */
export function rateLimitProblems(config: WranglerConfig, limits: Record<string, { limit: number; period: number }>): string[] {
  const problems: string[] = [];
  for (const [where, bindings] of [
    ["wrangler.toml", config.ratelimits ?? []],
    ["the previews block", config.previews?.ratelimits ?? []],
  ] as const) {
    for (const [name, { limit, period }] of Object.entries(limits)) {
      const binding = bindings.find((b) => b.name === name);
      if (!binding) problems.push(`${where} has no rate limit ${name} (${limit} per ${period} s).`);
      else if (binding.simple?.limit !== limit || binding.simple?.period !== period)
        problems.push(
          `${where} limits ${name} to ${String(binding.simple?.limit)} per ${String(binding.simple?.period)} s; the code says ${limit} per ${period} s.`,
        );
    }
    for (const binding of bindings) if (!(binding.name in limits)) problems.push(`${where} has a rate limit ${binding.name} the code does not declare.`);
  }
  return problems;
}

/** The Worker as its Preview runs: production's bindings replaced by the `previews` block's (for a dry run). */
export function asPreviewRuns(config: WranglerConfig): WranglerConfig {
  const previews = config.previews ?? {};
  return {
    ...config,
    vars: previews.vars ?? {},
    d1_databases: previews.d1_databases ?? [],
    kv_namespaces: previews.kv_namespaces ?? [],
    r2_buckets: previews.r2_buckets ?? [],
    ratelimits: previews.ratelimits ?? [],
    durable_objects: previews.durable_objects ?? { bindings: [] },
    queues: undefined,
    previews: undefined,
  };
}
