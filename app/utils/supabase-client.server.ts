import { createClient, type SupabaseClient } from "@supabase/supabase-js";

/** The server never opens a realtime socket; Node 20 has no WebSocket for supabase-js to find. */
class NoRealtimeTransport {
  constructor() {
    throw new Error("Supabase Realtime is not used on the server.");
  }
}

/**
 * A supabase-js client for use on the server: it neither stores nor refreshes a session, never
 * opens a realtime socket, and gives up on a request after `timeoutMs`.
 */
export function createServerSupabaseClient(url: string, key: string, { timeoutMs = 8_000 } = {}): SupabaseClient {
  const timedFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
  return createClient(url.replace(/\/+$/, ""), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtimeTransport as never },
    global: { fetch: timedFetch },
  });
}
