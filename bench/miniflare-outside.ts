/**
 * The one place the harness reaches into Miniflare: the Worker's D1 and KV bindings sent straight
 * to external HTTP services (bench/d1-stand-in.ts, bench/kv-stand-in.ts), as a deployed Worker's
 * D1 and KV calls leave through the runtime to other machines.
 *
 * Miniflare's public options only offer D1 and KV in the same process (its simulators, JavaScript
 * Durable Objects over SQLite) or through its remote-binding proxy (a JavaScript worker in the same
 * process, about 0.5 ms per page); either would be counted as the Worker's CPU (ADR 012). So this
 * wraps two hooks of Miniflare's internal D1 and KV plugins. That is only safe on the Miniflare it
 * was written against: package.json pins that exact version, and this refuses any other with a
 * clear message instead of measuring something else. The store itself never runs through this file.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PLUGINS } from "miniflare";

/** The Miniflare whose plugin hooks have the shapes used below (also pinned in package.json). */
export const MINIFLARE_VERSION = "5.20261117.0-beta";

type ServiceDesignator = { name: string; props?: unknown };
type Binding = {
  name: string;
  wrapped?: { moduleName: string; innerBindings: { name: string; service: ServiceDesignator }[] };
  kvNamespace?: ServiceDesignator;
};
type Service = { name: string; external?: unknown };
type Plugin = {
  getBindings: (...args: unknown[]) => Promise<Binding[]> | Binding[];
  getServices: (...args: unknown[]) => Promise<Service[]> | Service[];
};

function checkMiniflareVersion(): void {
  const installed = (JSON.parse(readFileSync(join(resolve(import.meta.dirname, ".."), "node_modules/miniflare/package.json"), "utf8")) as { version: string })
    .version;
  if (installed !== MINIFLARE_VERSION) {
    throw new Error(
      `bench/miniflare-outside.ts wraps internal hooks of Miniflare ${MINIFLARE_VERSION}, but ${installed} is installed. ` +
        `Check that PLUGINS.d1.getBindings still returns the wrapped "cloudflare-internal:d1-api" binding with a "fetcher" service, ` +
        `and PLUGINS.kv.getBindings a kvNamespace service designator, then set MINIFLARE_VERSION here and the exact miniflare version in package.json.`,
    );
  }
}

/** Wraps a plugin's two hooks; returns the function that restores them. */
function redirect(plugin: Plugin, serviceName: string, url: URL, rebind: (binding: Binding) => Binding): () => void {
  const { getBindings, getServices } = plugin;
  plugin.getBindings = async (...args) => (await getBindings.apply(plugin, args)).map(rebind);
  plugin.getServices = async (...args) => {
    const services = await getServices.apply(plugin, args);
    if (!Array.isArray(services)) throw new Error(`Miniflare's plugin services are not a list (${serviceName})`);
    return [...services, { name: serviceName, external: { address: url.host, http: {} } }];
  };
  return () => Object.assign(plugin, { getBindings, getServices });
}

/**
 * While the returned function has not been called, Workers started by Miniflare send their D1
 * client's requests to `d1` and their KV client's to `kv`, each a workerd external HTTP service.
 * Throws if a binding is not the shape expected.
 */
export function connectStorageStraightTo(urls: { d1: URL; kv: URL }): () => void {
  checkMiniflareVersion();
  const restoreD1 = redirect(PLUGINS.d1 as unknown as Plugin, "bench-d1-outside", urls.d1, (binding) => {
    const fetcher = binding.wrapped?.innerBindings.find((inner) => inner.name === "fetcher");
    if (binding.wrapped?.moduleName !== "cloudflare-internal:d1-api" || !fetcher)
      throw new Error("Miniflare's D1 binding is not the wrapped d1-api this script expects");
    return { ...binding, wrapped: { ...binding.wrapped, innerBindings: [{ name: "fetcher", service: { name: "bench-d1-outside" } }] } };
  });
  const restoreKv = redirect(PLUGINS.kv as unknown as Plugin, "bench-kv-outside", urls.kv, (binding) => {
    if (!binding.kvNamespace) throw new Error("Miniflare's KV binding is not the kvNamespace this script expects");
    return { ...binding, kvNamespace: { name: "bench-kv-outside" } };
  });
  return () => {
    restoreD1();
    restoreKv();
  };
}
