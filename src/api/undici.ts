/**
 * The parts of undici the client uses, imported one by one: the package's index also loads fetch, WebSocket,
 * the caches, mocks and interceptors, which would add ~220 KB to the one-file bundle (and to every start-up).
 */
import type {
  buildConnector as buildConnectorType,
  EnvHttpProxyAgent as EnvHttpProxyAgentType,
  errors as errorsType,
} from 'undici';
import connect from 'undici/lib/api/api-connect.js';
import request from 'undici/lib/api/api-request.js';
import buildConnectorImpl from 'undici/lib/core/connect.js';
import errorsImpl from 'undici/lib/core/errors.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';

// What undici's index does: give every dispatcher its request(), and connect(), which the proxy agent tunnels
// through (HTTPS_PROXY); stream, pipeline and upgrade are never used and stay out of the bundle.
Object.assign((Dispatcher as { prototype: object }).prototype, { request, connect });

export const EnvHttpProxyAgent = EnvHttpProxyAgentImpl as typeof EnvHttpProxyAgentType;
export const errors = errorsImpl as typeof errorsType;
export const buildConnector = buildConnectorImpl as typeof buildConnectorType;
