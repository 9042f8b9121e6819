/**
 * Long work done in steps beside the server's requests (a large bank statement's import): after
 * each step, the server gets half as much time for everything else as the step took (at most
 * MAX_PAUSE_MS), so the shop's other requests go on beside it instead of waiting for the whole of it. A turn of the event loop alone (setImmediate) is not enough: a request needs many
 * turns, one per query it awaits, and got one per step.
 */
const MAX_PAUSE_MS = 100;

export function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    const worked = performance.now() - since;
    await new Promise<void>((resolve) => setTimeout(resolve, Math.min(MAX_PAUSE_MS, Math.max(1, worked / 2))));
    since = performance.now();
  };
}
