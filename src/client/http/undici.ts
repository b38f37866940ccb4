// The part of undici the transport uses: Agent, ProxyAgent and a dispatcher's `request`,
// required from undici's own files. Its index also loads fetch, WebSocket, EventSource, the
// mock agents, the HTTP cache and the interceptors, which nothing here calls: ~240 KB of
// dist/main.js (minified) that every user downloaded and every window parsed. The types are
// undici's own declarations; scripts/bench and the tests may import 'undici' whole.
import type * as Undici from 'undici';

// undici's index installs request/stream/pipeline/connect/upgrade on every dispatcher this
// way (`Object.assign(Dispatcher.prototype, api)`); the transport calls `dispatcher.request`.
const dispatcherBase = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
Object.assign(dispatcherBase.prototype, require('undici/lib/api') as object);

export const Agent = require('undici/lib/dispatcher/agent') as typeof Undici.Agent;
export type Agent = Undici.Agent;
export const ProxyAgent = require('undici/lib/dispatcher/proxy-agent') as typeof Undici.ProxyAgent;
export type ProxyAgent = Undici.ProxyAgent;
export type { Dispatcher } from 'undici';
export type ProxyAgentOptions = Undici.ProxyAgent.Options;
