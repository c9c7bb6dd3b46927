// The one place where page loaders turn domain errors into pages (decision 065): a service's not_found
// becomes React Router's 404 (its error page); every other error goes on unchanged.
import { data } from "react-router";
import { isDomainError } from "#core/domain-errors.ts";

/** The 404 response a loader throws; statusText is needed or the error text reads "Internal Server Error". */
export const notFoundResponse = () => data(null, { status: 404, statusText: "Not Found" });

/** Awaits a service call; its not_found becomes the 404 page. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (e) {
    if (isDomainError(e) && e.kind === "not_found") throw notFoundResponse();
    throw e;
  }
}
