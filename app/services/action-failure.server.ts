import { isDatabaseUnavailable } from "~/db/database.server";

/**
 * Logs what an action's catch-all caught, to answer with a message instead of a bare 500. A
 * database outage is not logged here: the database layer logs the outage itself, once per period,
 * instead of one line (and a dumped error) per request; the server entry answers it 503.
 */
export function logActionFailure(what: string, error: unknown): void {
  if (!isDatabaseUnavailable(error)) console.error(what, error);
}
