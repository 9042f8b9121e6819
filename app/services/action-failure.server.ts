import { isOutageAnswer } from "~/db/database.server";

/**
 * Logs what an action's catch-all caught, to answer with a message instead of a bare 500. A
 * database outage's 503 is not logged here: the database layer logs the outage itself, once per
 * period, instead of one line (and a dumped Response) per request.
 */
export function logActionFailure(what: string, error: unknown): void {
  if (!isOutageAnswer(error)) console.error(what, error);
}
