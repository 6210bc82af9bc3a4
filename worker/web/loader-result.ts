import { data, redirect } from "react-router";
import { HttpError } from "@worker/errors";
import { pageAddressOf } from "./page-address";

/** An HttpError becomes the route error response with its status. */
export async function loadPage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw data(error.message, { status: error.status });
    throw error;
  }
}

/** A link with a cursor the list did not give out goes to the first page: a person just wants the list. */
export async function loadListing<T>(request: Request, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 400 && error.field)) throw error;
    const page = new URL(pageAddressOf(request), request.url);
    if (!page.searchParams.has(error.field)) throw error;
    page.searchParams.delete(error.field);
    throw redirect(`${page.pathname}${page.search}`);
  }
}

/** A loader's answer as a JSON file to download, never cached: a person's data (ADR 074). */
export const jsonFile = (data: unknown, name: string) =>
  new Response(JSON.stringify(data, null, 2), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "no-store" },
  });
