// The grid webview's entry point: reads the boot block the host wrote into the HTML
// (strings and the initial state, as JSON data, never executed) and starts the app.
import { GRID_BOOT_ELEMENT_ID, isGridViewState } from '../shared/protocol';
import { isGridStrings } from '../shared/strings';
import { GridApp } from './gridApp';
import { connectToHost } from './vscodeApi';

function readBoot(): { strings: unknown; initialState: unknown; lang: unknown } | undefined {
  const text = document.getElementById(GRID_BOOT_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as { strings: unknown; initialState: unknown; lang: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

function start(): void {
  const root = document.getElementById('app');
  const boot = readBoot();
  if (!root) return;
  if (!boot || !isGridStrings(boot.strings) || !isGridViewState(boot.initialState)) {
    // Translated by the host into an attribute outside the (unreadable) boot block.
    root.textContent =
      root.dataset['startFailed'] ||
      'Stock Media: the grid could not start (its start-up data is missing or damaged). Close it and search again.';
    return;
  }
  const lang = typeof boot.lang === 'string' ? boot.lang : 'en';
  new GridApp(root, connectToHost(), { strings: boot.strings, initialState: boot.initialState, lang });
}

start();
