// Types for the undici parts the proxy path imports directly (see client/undici.ts).
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const Dispatcher: { prototype: Record<string, unknown> };
  export default Dispatcher;
}
declare module 'undici/lib/api/api-connect.js' {
  const connect: (...args: unknown[]) => unknown;
  export default connect;
}
