// The webview end of src/panels/protocol.ts: `ready` handshake, requests by id, pushed events,
// and the saved state (vscode.setState) that survives a window reload.
import type {
  ErrorPayload,
  FieldIssue,
  MethodsOf,
  OutboundMessage,
  PanelKind,
  PanelTarget,
  ParamsOf,
} from '../../src/panels/protocol';
// Every panel talks through this module, so every panel's dropdowns open where they fit.
import './dropdowns';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const api = acquireVsCodeApi();
let nextId = 1;
const pending = new Map<number, { resolve: (v: any) => void; reject: (e: RequestError) => void }>();
const listeners = new Map<string, Array<(data: any) => void>>();

export class RequestError extends Error {
  readonly issues: FieldIssue[];
  constructor(payload: ErrorPayload) {
    super(payload.message);
    this.issues = payload.issues ?? [];
  }
}

export interface InitData {
  target: PanelTarget;
  error?: ErrorPayload;
  [key: string]: unknown;
}

/** A typed client for the methods of one panel kind. */
export function client<K extends PanelKind>() {
  return {
    request<M extends keyof MethodsOf<K> & string>(method: M, params: ParamsOf<K, M>): Promise<any> {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        api.postMessage({ type: 'request', id, method, params });
      });
    },
  };
}

export function onEvent(name: string, fn: (data: any) => void): void {
  listeners.set(name, [...(listeners.get(name) ?? []), fn]);
}

/** Starts the handshake; `onInit` runs once the extension answered `ready`. */
export function start(onInit: (data: InitData) => void): void {
  window.addEventListener('message', (ev: MessageEvent<OutboundMessage>) => {
    const msg = ev.data;
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === 'init') onInit(msg.data as InitData);
    else if (msg.type === 'response') {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.result);
      else p.reject(new RequestError(msg.error));
    } else if (msg.type === 'event') for (const fn of listeners.get(msg.name) ?? []) fn(msg.data);
  });
  api.postMessage({ type: 'ready' });
}

export function getState<T>(): T | undefined {
  return (api.getState() as T | null) ?? undefined;
}

/**
 * What a form starts from: its saved state (a reloaded window), else the draft it was reopened
 * with (a form closed with unsent changes, src/panels/formDraft.ts), else nothing.
 */
export function startingState<T>(init: InitData): T | undefined {
  return getState<T>() ?? (init.draft as T | undefined);
}

let scheduled: unknown;
let timer: number | undefined;
/** Saves the state (coalesced to one write a frame). Never put a secret in it. */
export function saveState(state: unknown): void {
  scheduled = state;
  if (timer === undefined) {
    timer = requestAnimationFrame(() => {
      timer = undefined;
      api.setState(scheduled);
    });
  }
}
