// The part of undici the transport uses: Agent, ProxyAgent and a dispatcher's `request`,
// required from undici's own files. Its index also loads fetch, WebSocket, EventSource, the
// mock agents, the HTTP cache and the interceptors, which nothing here calls: ~240 KB of
// dist/main.js (minified) that every user downloaded and every window parsed. The types are
// undici's own declarations; scripts/bench and the tests may import 'undici' whole.
//
// Required on the first Transport, not when main.js loads: what a cold open draws (the profile
// and its regions) sends no request, and undici's modules were the largest part of main.js's
// top level once the code cache is used (their client for HTTP/2 loads Node's own http2 module;
// docs/performance.md, issue 31).
import type * as Undici from 'undici';

export type Agent = Undici.Agent;
export type ProxyAgent = Undici.ProxyAgent;
export type { Dispatcher } from 'undici';
export type ProxyAgentOptions = Undici.ProxyAgent.Options;

let loaded: { Agent: typeof Undici.Agent; ProxyAgent: typeof Undici.ProxyAgent } | undefined;

/** undici's Agent and ProxyAgent, loaded on the first call. */
export function undici(): { Agent: typeof Undici.Agent; ProxyAgent: typeof Undici.ProxyAgent } {
  if (!loaded) {
    // undici's index installs request/stream/pipeline/connect/upgrade on every dispatcher this
    // way (`Object.assign(Dispatcher.prototype, api)`); the transport calls `dispatcher.request`.
    const dispatcherBase = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
    Object.assign(dispatcherBase.prototype, require('undici/lib/api') as object);
    loaded = {
      Agent: require('undici/lib/dispatcher/agent') as typeof Undici.Agent,
      ProxyAgent: require('undici/lib/dispatcher/proxy-agent') as typeof Undici.ProxyAgent,
    };
  }
  return loaded;
}
