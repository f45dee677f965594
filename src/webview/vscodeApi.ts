// The one handle on the host that a webview gets, typed with the grid's protocol.
import type { FromWebview, GridViewState } from '../shared/protocol';
import { isGridViewState } from '../shared/protocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export interface HostConnection {
  post(message: FromWebview): void;
  /** What setState saved before the webview was hidden or reloaded, if it is still valid. */
  savedState(): GridViewState | null;
  save(state: GridViewState): void;
}

export function connectToHost(): HostConnection {
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    savedState: () => {
      const state = api.getState();
      return isGridViewState(state) ? state : null;
    },
    save: (state) => api.setState(state),
  };
}
