/**
 * What the server logs of the errors React Router catches (app/entry.server.tsx `handleError`):
 * what breaks, not a client's request it already answered with a 4xx, nor one the client gave up on.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";

/** React Router's own answer to a request it cannot serve (what `isRouteErrorResponse` recognises). */
const routeError = (status: number, statusText: string) => ({ status, statusText, internal: true, data: `${status} ${statusText}` });
const args = (request = new Request("http://localhost/my-orders", { method: "POST" })) => ({ request, params: {}, context: undefined as never });

afterEach(() => vi.restoreAllMocks());

describe("handleError", () => {
  it("logs an error of the store's own; not a 404, a 405 or an aborted request", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(routeError(405, "Method Not Allowed"), args());
    handleError(routeError(404, "Not Found"), args());
    const aborted = new AbortController();
    aborted.abort();
    handleError(new Error("the client went away"), args(new Request("http://localhost/", { signal: aborted.signal })));
    expect(log).not.toHaveBeenCalled();

    const broken = new Error("D1 is down");
    handleError(broken, args());
    handleError(routeError(500, "Internal Server Error"), args());
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]![0]).toBe(broken);
  });
});
