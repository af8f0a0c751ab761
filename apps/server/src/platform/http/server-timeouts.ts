/**
 * The HTTP server's timeouts, as Fastify constructor options. Node and Fastify leave a request without a
 * time limit by default, so a client that sends its headers and then part of a body would hold the
 * connection for ever. Here the headers and the whole request must arrive within `requestTimeoutMs`
 * (answered 408 and closed), a connection silent that long is closed, and an idle keep-alive connection
 * is closed after `keepAliveMs`. Node checks the request deadlines on an interval, kept short so the
 * close comes close to the deadline. A push socket is not affected: the upgrade clears the idle timer.
 */
export function serverTimeouts(settings: { requestTimeoutMs: number; keepAliveMs: number }) {
  const { requestTimeoutMs, keepAliveMs } = settings;
  return {
    connectionTimeout: requestTimeoutMs,
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveMs,
    http: {
      headersTimeout: requestTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
    },
  };
}
