import { data, redirect } from "react-router";
import { HttpError } from "@worker/errors";
import { pageAddressOf } from "./page-address";

/**
 * Run a page loader's service call; an HttpError (an order that is not yours: 404) becomes the
 * route error response with that status, which the layout's error boundary renders.
 */
export async function loadPage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw data(error.message, { status: error.status });
    throw error;
  }
}

/**
 * A listing page's data. A link whose paging cursor the list did not give out (mangled, or pasted
 * in part) goes to the list's first page rather than an error page: the API refuses such a cursor
 * (`unknownCursor`: a client would loop on page 1), while a person just wants the list.
 */
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
