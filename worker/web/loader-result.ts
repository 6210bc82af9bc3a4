import { data } from "react-router";
import { HttpError } from "@worker/errors";

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
