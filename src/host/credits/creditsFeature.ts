// The features' side of the media in documents: one lookup (the client's cache underneath)
// shared by the hover, the credit check and the hover's command links.
import type * as vscode from 'vscode';
import type { MediaRefMatch } from '../../core/mediaRefs';
import type { MediaKind } from '../../core/model';
import type { ClientSource } from '../client/client';
import type { IDisposable } from '../common/dispose';
import type { Services } from '../services';
import { CreditCheck } from './check';
import { MediaHover } from './hover';
import { MediaLookup } from './lookup';

export interface MediaDocuments {
  provideHover(document: vscode.TextDocument, ref: MediaRefMatch, token: vscode.CancellationToken): Promise<vscode.Hover | undefined>;
  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[];
  /** Computes the document's credit diagnostics now; resolves with their count. */
  check(document: vscode.TextDocument): Promise<number>;
  /** Whether the last check left a link under a cursor unasked (it may still be being typed). */
  waitsForCursor(document: vscode.TextDocument): boolean;
}

/** `isStarred`: whether a media is starred (the hover's Star or Unstar). */
export function createCreditsFeature(services: Services, api: ClientSource, isStarred?: (kind: MediaKind, id: number) => boolean) {
  const lookup = new MediaLookup({
    client: () => api.client,
    quota: () => services.quota.current,
    now: () => Date.now(),
    requestsThisHour: () => services.quota.hourly.thisHour(),
    store: services.globalState,
  });
  const check = new CreditCheck(services, lookup);
  const hover = new MediaHover(services, lookup, isStarred);
  const disposables: IDisposable[] = [check, services.onDidChangeKey(() => lookup.clear())];
  const documents: MediaDocuments = {
    provideHover: (document, ref, token) => hover.provide(document, ref, token),
    provideCodeActions: (document, range, context) => check.provideCodeActions(document, range, context),
    check: (document) => check.check(document),
    waitsForCursor: (document) => check.waitsForCursor(document),
  };
  return {
    /** Insert credit line (the hover's link and the quick fix). */
    check,
    documents,
    lookup,
    disposables,
  };
}
