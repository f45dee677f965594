// What activation registers for the service's media in documents: the hover, the credit
// check's watcher and its quick fixes. Each looks at the text first (a line for the hover, the
// document for the check) and makes the credits feature only when a service media URL is there, so
// hovering or typing in other documents costs a scan of a line, never making the feature.
import * as vscode from 'vscode';
import { findMediaRefs, mediaRefAt } from '../../core/mediaRefs';
import type { MediaUrlOptions } from '../../core/mediaUrl';
import { mediaUrlOptions } from '../../core/mediaUrl';
import type { IDisposable } from '../common/dispose';
import type { Services } from '../services';
import type { MediaDocuments } from './creditsFeature';
import { CREDIT_DIAGNOSTIC_SOURCE, WATCH_DEBOUNCE_MS, creditCheckEnabled } from './enabled';

export { WATCH_DEBOUNCE_MS };

/** The languages whose hover provider is registered by language (Markdown's own hover previews images there). */
const MARKDOWN_LANGUAGES: vscode.DocumentFilter[] = [{ language: 'markdown' }, { language: 'mdx' }];

function isMarkdown(document: vscode.TextDocument): boolean {
  return MARKDOWN_LANGUAGES.some((filter) => filter.language === document.languageId);
}

/** `documents`: the credits feature (made on first call); `loaded`: whether it has been made. */
export function registerMediaDocuments(services: Services, documents: () => MediaDocuments, loaded: () => boolean): IDisposable[] {
  const trusted = (): MediaUrlOptions => mediaUrlOptions(services.config);
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const isVisible = (document: vscode.TextDocument): boolean => vscode.window.visibleTextEditors.some((e) => e.document === document);

  /** After a pause: the feature checks it when it is made, or when it holds a media URL. */
  const watch = (document: vscode.TextDocument): void => {
    if (document.uri.scheme === 'output' || (!loaded() && !creditCheckEnabled(document))) return;
    const key = document.uri.toString();
    const old = timers.get(key);
    if (old) clearTimeout(old);
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        if (document.isClosed || !isVisible(document)) return;
        if (loaded() || findMediaRefs(document.getText(), trusted(), 1).length > 0) void documents().check(document);
      }, WATCH_DEBOUNCE_MS),
    );
  };
  const provideHover = (document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> | undefined => {
    // Only the hovered line is scanned; a line with no media URL under the cursor is done here.
    const line = document.lineAt(position.line);
    const lineStart = document.offsetAt(line.range.start);
    const onLine = mediaRefAt(line.text, position.character, trusted());
    if (!onLine) return undefined;
    const ref = { ...onLine, start: onLine.start + lineStart, end: onLine.end + lineStart };
    return documents().provideHover(document, ref, token);
  };
  const watchVisible = (): void => {
    for (const editor of vscode.window.visibleTextEditors) watch(editor.document);
  };
  // Documents visible at activation.
  setTimeout(watchVisible, 0);
  return [
    { dispose: () => timers.forEach((t) => clearTimeout(t)) },
    vscode.window.onDidChangeVisibleTextEditors(watchVisible),
    // Scrolled: media that came into view may be looked up (the check asks only for what is on screen).
    vscode.window.onDidChangeTextEditorVisibleRanges((e) => watch(e.textEditor.document)),
    // The cursor left a link the last check held back while it was being typed: check again.
    vscode.window.onDidChangeTextEditorSelection((e) => {
      if (loaded() && documents().waitsForCursor(e.textEditor.document)) watch(e.textEditor.document);
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length > 0 && isVisible(e.document)) watch(e.document);
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('stockMedia')) watchVisible();
    }),
    // Markdown's own hover (the image preview) is registered for its language, which outranks
    // '*': registered for the same languages, ours comes first (a built-in extension's provider
    // yields to others of the same rank), so the credit status leads, above the picture.
    vscode.languages.registerHoverProvider(MARKDOWN_LANGUAGES, { provideHover }),
    vscode.languages.registerHoverProvider('*', {
      provideHover: (document, position, token) => (isMarkdown(document) ? undefined : provideHover(document, position, token)),
    }),
    vscode.languages.registerCodeActionsProvider(
      '*',
      {
        provideCodeActions: (document, range, context) =>
          context.diagnostics.some((d) => d.source === CREDIT_DIAGNOSTIC_SOURCE) && loaded()
            ? documents().provideCodeActions(document, range, context)
            : undefined,
      },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
  ];
}
