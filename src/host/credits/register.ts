// The features' side of the media in documents: one lookup (the client's cache underneath)
// shared by the hover, the credit check and the hover's command links.
import * as vscode from 'vscode';
import type { MediaRefMatch } from '../../core/mediaRefs';
import type { MediaItem } from '../../core/model';
import type { ClientSource } from '../client';
import { CommandId } from '../commandIds';
import type { IDisposable } from '../dispose';
import { showFailure } from '../failureNotice';
import type { Shell } from '../shell';
import { creditLineArg, mediaRefArg } from './args';
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

/** `{ ref: { kind, id } }` (the hover's links) as the media item, looked up; anything else as it is. */
type ResolveArg = (arg: unknown) => Promise<unknown>;

export function registerCredits(shell: Shell, api: ClientSource) {
  const lookup = new MediaLookup({
    client: () => api.client,
    quota: () => shell.quota.current,
    now: () => Date.now(),
    requestsThisHour: () => shell.quota.hourly.thisHour(),
    store: shell.context.globalState,
  });
  const check = new CreditCheck(shell, lookup);
  const hover = new MediaHover(shell, lookup);
  const disposables: IDisposable[] = [check, shell.onDidChangeKey(() => lookup.clear())];
  const resolveArg: ResolveArg = async (arg) => {
    const ref = mediaRefArg(arg);
    if (!ref) return arg;
    const found = await lookup.get(ref.kind, ref.id);
    if (found.ok) return { media: found.media satisfies MediaItem };
    void showFailure(shell, found.error, (message) => vscode.l10n.t('Could not look up the media: {0}', message));
    return undefined;
  };
  const documents: MediaDocuments = {
    provideHover: (document, ref, token) => hover.provide(document, ref, token),
    provideCodeActions: (document, range, context) => check.provideCodeActions(document, range, context),
    check: (document) => check.check(document),
    waitsForCursor: (document) => check.waitsForCursor(document),
  };
  return {
    commands: {
      [CommandId.addCreditLine]: (arg?: unknown) => {
        const a = creditLineArg(arg);
        // Only a document that is open (the hover's): a link cannot open or create another one.
        const document = a && vscode.workspace.textDocuments.find((d) => d.uri.toString() === a.uri);
        if (!a || !document) return Promise.resolve(false);
        return check.addCreditAt(document.uri, a.kind, a.id, a.offset);
      },
    },
    resolveArg,
    documents,
    lookup,
    disposables,
  };
}
