// undici's internal modules, imported directly by src/api/undici.ts (the package ships no types for them).
declare module 'undici/lib/api/api-connect.js' {
  const connect: unknown;
  export default connect;
}
declare module 'undici/lib/api/api-request.js' {
  const request: unknown;
  export default request;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const Dispatcher: unknown;
  export default Dispatcher;
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  const EnvHttpProxyAgent: unknown;
  export default EnvHttpProxyAgent;
}
declare module 'undici/lib/core/connect.js' {
  const buildConnector: unknown;
  export default buildConnector;
}
declare module 'undici/lib/core/errors.js' {
  const errors: unknown;
  export default errors;
}
