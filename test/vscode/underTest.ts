// The extension as the VS Code suites and the bench load it (out/under-test/, which esbuild.mjs
// --tests makes): the product's own activation (src/extension.ts `activateShared`), timed here,
// the test hooks (hooks.ts) registered on what it made, and what the tests read returned as
// activate()'s result. Its two entries, one per host: underTest.node.ts and underTest.web.ts.
// The product's entries (src/node.ts, src/extension.ts) return nothing.
import * as vscode from 'vscode';
import type { MediaClient } from '../../src/api/client';
import type { activateShared } from '../../src/extension';
import { registerTestHooks } from './hooks';

/** What the product's activation made (and keeps in the extension's subscriptions). */
type Made = ReturnType<typeof activateShared>;
type Handler = (...args: never[]) => unknown;

/** What the extension under test returns from activate(): the suites' and the bench's way in. */
export interface StockMediaApi {
  /** What exists from activation on. */
  readonly services: Made['services'];
  /** The features' client (reading this makes it). */
  readonly client: MediaClient;
  /** The features' parts (hooks.ts drives them). */
  readonly container: Made['container'];
  /** Each command the activation registered: its handler, by id. */
  readonly handlers: Readonly<Record<string, Handler>>;
  /** The features' parts (FEATURE_PARTS) made so far, as the container says: none at activation. */
  readonly featuresMade: readonly string[];
  readonly statusBar: Made['statusBar'];
  /** The quota's status bar item while it exists (made and not disposed), as VS Code made it for the product. */
  readonly quotaItem: vscode.StatusBarItem | undefined;
  /** How long the product's activation took, in milliseconds (for the bench). */
  readonly activationMs: number;
  /** Evaluating the product's bundle plus its activation: the extension's own cost, in milliseconds (Node host). */
  readonly loadAndActivateMs: number | undefined;
  /** From the start of the bundle's evaluation to the end of activation, VS Code's set-up in between included (Node host). */
  readonly loadToActivatedMs: number | undefined;
}

/** The container's parts, each made on its feature's first use (Container.has names them). */
const FEATURE_PARTS = ['lists', 'grid', 'collections', 'insert', 'cover', 'credits', 'workspace'] as const satisfies readonly Parameters<Made['container']['has']>[0][];

/** The id the product gives the quota's status bar item. */
const QUOTA_ITEM_ID = 'stockMedia.quota';

/** When the product's bundle started and ended evaluating, where the entry required it (performance.now()). */
export interface BundleLoad {
  readonly start: number;
  readonly end: number;
}

/**
 * Watches, from now on, the quota's status bar item as VS Code makes and disposes it for the
 * product: returns the one that exists now, if any ("no item" means none, not a hidden one).
 */
function watchQuotaItem(): () => vscode.StatusBarItem | undefined {
  // The same object as the extension's own `vscode.window` (see the commands below).
  const window = vscode.window as { createStatusBarItem: (...args: unknown[]) => vscode.StatusBarItem };
  const create = window.createStatusBarItem;
  let current: vscode.StatusBarItem | undefined;
  window.createStatusBarItem = (...args) => {
    const item = create.apply(vscode.window, args);
    if (args[0] === QUOTA_ITEM_ID) {
      current = item;
      const dispose = item.dispose.bind(item);
      item.dispose = () => {
        if (current === item) current = undefined;
        dispose();
      };
    }
    return item;
  };
  return () => current;
}

/**
 * Runs `activate` (the product's activation), times it, notes the handler of each command it
 * registers (test/vscode/wrongArgs.test.ts reads what each takes) and the quota's status bar
 * item it makes, registers the test hooks on what it made and returns the tests' API.
 */
export function activateUnderTest(context: vscode.ExtensionContext, activate: () => Made, load?: BundleLoad): StockMediaApi {
  const quotaItem = watchQuotaItem();
  const handlers: Record<string, Handler> = {};
  // The same object as the extension's own `vscode.commands`: VS Code gives each extension one
  // API, the one of the extension whose folder holds the module, and this bundle is in its folder.
  const commands = vscode.commands as { registerCommand: typeof vscode.commands.registerCommand };
  const register = commands.registerCommand;
  commands.registerCommand = (id, handler, thisArg) => {
    handlers[id] = handler;
    return register(id, handler, thisArg);
  };
  const started = performance.now();
  let made: Made;
  try {
    made = activate();
  } finally {
    commands.registerCommand = register;
  }
  const ended = performance.now();
  const { services, container, statusBar } = made;
  const activationMs = ended - started;
  const api: StockMediaApi = {
    services,
    get client() {
      return container.api.client;
    },
    container,
    handlers,
    get featuresMade() {
      return FEATURE_PARTS.filter((part) => container.has(part));
    },
    statusBar,
    get quotaItem() {
      return quotaItem();
    },
    activationMs,
    loadAndActivateMs: load && load.end - load.start + activationMs,
    loadToActivatedMs: load && ended - load.start,
  };
  context.subscriptions.push(...registerTestHooks(api));
  return api;
}
