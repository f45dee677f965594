// Wiring only. Activation does no network and no heavy work: it shows the last known
// quota and registers what the extension contributes (host/contributions.ts), each calling
// through `load()`, the one way into the features (host/features.ts), which sets them up on
// first use: the bundle evaluates their modules only then (esbuild.mjs).
import * as vscode from 'vscode';
import type { MediaClient } from './api/client';
import type { Features, LoadFeatures } from './host/features';
import { CommandId } from './host/commandIds';
import { createCollectionsTree, createPasteProvider, createWorkspaceMediaTree, registerContributions } from './host/contributions';
import { registerMediaDocuments } from './host/credits/watch';
import { getApiKey } from './host/keyPage';
import { QuotaStatusBar, quotaFormat } from './host/quota';
import { Shell } from './host/shell';
import { registerTestHooks } from './host/testing';
import { useVsCodeTranslator } from './host/translator';

/** The Node host's entry (src/node.ts) hands Node's platform over with this before activation. */
export { usePlatform } from './host/platform';

/** Set by the bundle's first and last lines (esbuild.mjs banner and footer); absent when not bundled that way. */
declare const __stockMediaLoadStart: number | undefined;
declare const __stockMediaLoadEnd: number | undefined;

export interface StockMediaApi {
  /** For tests: what exists from activation on. */
  readonly shell: Shell;
  /** For tests: the features' client (reading this sets the features up). */
  readonly client: MediaClient;
  /** Whether the features have been set up yet, and how long that took. */
  readonly featuresLoaded: boolean;
  readonly featuresLoadMs: number | undefined;
  readonly statusBar: QuotaStatusBar;
  /** How long activate() took, in milliseconds (for the benchmark). */
  readonly activationMs: number;
  /** Evaluating the bundle plus activate(): the extension's own cost, in milliseconds. */
  readonly loadAndActivateMs: number | undefined;
  /** From the bundle's first line to the end of activate(), VS Code's set-up in between included. */
  readonly loadToActivatedMs: number | undefined;
}

export function activate(context: vscode.ExtensionContext): StockMediaApi {
  const started = performance.now();
  useVsCodeTranslator();
  const shell = new Shell(context);
  let features: Features | undefined;
  let featuresLoadMs: number | undefined;
  const load: LoadFeatures = () => {
    if (!features) {
      const loadStarted = performance.now();
      // The seam: the features' code is evaluated here, on first use, not at activation.
      features = (require('./host/features') as typeof import('./host/features')).createFeatures(shell, tree, workspaceTree);
      featuresLoadMs = performance.now() - loadStarted;
    }
    return features;
  };
  const tree = createCollectionsTree(load);
  const workspaceTree = createWorkspaceMediaTree(load);
  const paste = createPasteProvider(load, () => shell.config);
  const statusBar = new QuotaStatusBar(
    shell.quota,
    () => quotaFormat(shell.config.serviceName, shell.config.serviceUrl),
    () => shell.config.statusBarVisible,
  );
  const render = (): void => statusBar.render(shell.hasKey);
  context.subscriptions.push(
    { dispose: () => features?.dispose() },
    ...registerContributions(load, paste),
    ...registerMediaDocuments(shell, load, () => features !== undefined),
    ...(context.extensionMode === vscode.ExtensionMode.Test ? registerTestHooks(shell, load, paste) : []),
    tree,
    workspaceTree,
    statusBar,
    shell,
    vscode.commands.registerCommand(CommandId.showLog, () => shell.log.show()),
    vscode.commands.registerCommand(CommandId.getApiKey, () => getApiKey(shell)),
    shell.quota.onDidChange(render),
    shell.onDidChangeConnection(render),
    shell.onDidChangeConfig(render),
    tree.view.onDidChangeVisibility((e) => e.visible && shell.milestones.reach('collectionsOpened')),
  );
  // The first render formats numbers and dates (Intl's locale data loads then): done just
  // after activation, so VS Code is not kept waiting for it.
  setTimeout(render, 0);
  shell.milestones.publish();
  if (tree.view.visible) shell.milestones.reach('collectionsOpened');
  void shell.refreshKeyState().then(render, (error: unknown) => shell.logger.error(String(error)));
  const ended = performance.now();
  const loadStart = typeof __stockMediaLoadStart === 'number' ? __stockMediaLoadStart : undefined;
  const loadEnd = typeof __stockMediaLoadEnd === 'number' ? __stockMediaLoadEnd : undefined;
  const activationMs = ended - started;
  return {
    shell,
    get client() {
      return load().client;
    },
    get featuresLoaded() {
      return features !== undefined;
    },
    get featuresLoadMs() {
      return featuresLoadMs;
    },
    statusBar,
    activationMs,
    loadAndActivateMs: loadStart === undefined || loadEnd === undefined ? undefined : loadEnd - loadStart + activationMs,
    loadToActivatedMs: loadStart === undefined ? undefined : ended - loadStart,
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
