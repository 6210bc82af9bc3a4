/**
 * The pages are rendered by React's Node renderer (`react-dom/server.node`, ADR 049), running in
 * workerd through `nodejs_compat`. It writes the HTML into 4 KB buffers with `encodeInto`; these
 * checks hold it to the same bytes as the text it was given, in workerd itself, where the buffers
 * fill up mid-character and where Suspense streams a part later.
 */
import { createElement, Suspense, use } from "react";
import { renderToReadableStream } from "react-dom/server.node";
import { describe, expect, it } from "vitest";

async function render(node: React.ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node);
  await stream.allReady;
  return new Response(stream).text();
}

describe("React's Node renderer in workerd", () => {
  it("writes text of several kinds, longer than its 4 KB buffers, byte for byte", async () => {
    // Multi-byte characters (₹ is 3 bytes, the emoji 4) land across the buffers' edges.
    const text = `₹1,20,000 · आलू · 🍎 · ${"x".repeat(4093)}₹${"दूध".repeat(900)}🥭 & <tag>`;
    const html = await render(createElement("p", { className: "price", title: '₹ & "quotes"' }, text));
    expect(html).toBe(`<p class="price" title="₹ &amp; &quot;quotes&quot;">${text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")}</p>`);
    expect(new TextEncoder().encode(html).length).toBeGreaterThan(3 * 4096);
  });

  it("streams a part that was waiting (Suspense) into its place once it is ready", async () => {
    let resolve!: (value: string) => void;
    const later = new Promise<string>((done) => (resolve = done));
    const Late = () => createElement("b", null, use(later));
    const stream = await renderToReadableStream(
      createElement("div", null, createElement(Suspense, { fallback: createElement("i", null, "Loading") }, createElement(Late))),
    );
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    // The shell comes first, with the fallback in place; the rest once the data is there.
    let html = decoder.decode((await reader.read()).value, { stream: true });
    expect(html).not.toContain("Delivery in 30 min");
    resolve("Delivery in 30 min");
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += decoder.decode(chunk.value, { stream: true });
    expect(html).toContain("<i>Loading</i>");
    expect(html).toContain("<b>Delivery in 30 min</b>");
  });
});
