// The credit check: an Information diagnostic on each service media URL in a visible
// document whose photographer no credit line nearby names (core/creditCheck.ts has the
// rule), with the quick fixes "Add credit line" and "Add credit lines to all in file" (one
// undo step each). Facts come from the lookup (the client's cache first): a media already
// known costs nothing wherever it is in the document; an unknown one is asked for only when
// it is on screen (in a visible editor's visible ranges) and within the look-ups' hourly
// budget (lookup.ts). A media item whose facts cannot be had (not on screen yet, budget or
// quota spent, no key, an error) gets no diagnostic; scrolling checks again.
// Bounded work (issue 32): the document is read once per version (credits.ts documentCredit:
// its paragraphs, figures, front matter and what a reader sees in each scope, computed once,
// shared with the hover and the quick fixes), each link then costs O(log n), and the links
// are judged in slices of SLICE_MS that yield to the extension host between them (a newer
// check or an edit stops the older one there). What one slice may still hold is a single
// linear step over the document (an index built, one scope read, the front matter parsed:
// core/creditCheck.ts bounds that at FRONT_MATTER_READ_MAX).
import * as vscode from 'vscode';
import { inert } from '../../core/inert';
import type { MediaRefMatch } from '../../core/mediaRefs';
import { mediaRefKey } from '../../core/mediaRefs';
import type { MediaItem, MediaKind } from '../../core/model';
import { Disposable } from '../common/dispose';
import type { Services } from '../services';
import type { CreditNames } from '../../core/creditCheck';
import { creditInsertion, creditInsertions, creditNames, documentCredit, documentCreditFacts, insertionsEdit, isCredited, mediaRefsIn } from './credits';
import { CREDIT_DIAGNOSTIC_SOURCE, creditCheckEnabled } from './enabled';
import type { MediaLookup } from './lookup';

export const CREDIT_DIAGNOSTIC_CODE = 'missingCredit';

/** How long the check judges links before it yields to the extension host (the guide: no step over ~50 ms). */
export const SLICE_MS = 20;

const yieldToHost = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

interface Missing {
  readonly ref: MediaRefMatch;
  readonly media: MediaItem;
}

export class CreditCheck extends Disposable implements vscode.CodeActionProvider {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('stockMedia.credits'));
  /** The documents' missing credits by URI, as last computed (for the quick fixes). */
  private readonly missing = new Map<string, { version: number; items: Missing[] }>();
  /** Each open document's newest check (an older one that finishes later is dropped). */
  private readonly generation = new Map<string, number>();
  /** Checks started so far: each check's generation is new, so one from before a close and reopen is never taken for the newest. */
  private generations = 0;
  /** Each document's newest check under way: an older one resolves with its count. */
  private readonly running = new Map<string, Promise<number>>();
  /** Documents whose last check left a link under a cursor unasked (it may still be being typed). */
  private readonly deferred = new Set<string>();

  constructor(
    private readonly services: Services,
    private readonly lookup: MediaLookup,
  ) {
    super();
    this._register(vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)));
  }

  /** Whether the document's last check left a link under a cursor unasked: moving the cursor off it should check again. */
  waitsForCursor(document: vscode.TextDocument): boolean {
    return this.deferred.has(document.uri.toString());
  }

  /**
   * A closed document: nothing of it is kept. A check of it still under way finds its
   * generation gone (or a newer check's, after a reopen) and drops what it found.
   */
  forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.deferred.delete(key);
    this.collection.delete(uri);
    this.missing.delete(key);
    this.generation.delete(key);
  }

  /** Whether the check keeps anything for the document (tests: a closed document leaves nothing). */
  keeps(uri: vscode.Uri): boolean {
    const key = uri.toString();
    return this.missing.has(key) || this.generation.has(key) || this.running.has(key) || this.deferred.has(key) || this.collection.has(uri);
  }

  /** Computes the document's diagnostics now; resolves with their count (a newer check's, when one started meanwhile). */
  check(document: vscode.TextDocument): Promise<number> {
    const key = document.uri.toString();
    const generation = ++this.generations;
    this.generation.set(key, generation);
    const run: Promise<number> = this.run(document, key, generation).then((count) => {
      if (this.generation.get(key) === generation) return count;
      // Superseded (an edit, a scroll): what the newest check found is what is shown; closed: nothing.
      const newer = this.running.get(key);
      return newer && newer !== run ? newer : (this.collection.get(document.uri)?.length ?? 0);
    });
    this.running.set(key, run);
    void run.finally(() => {
      if (this.running.get(key) === run) this.running.delete(key);
      // Checked after it closed (forget() came first): nothing of it stays.
      if (document.isClosed && this.generation.get(key) === generation) this.generation.delete(key);
    });
    return run;
  }

  private async run(document: vscode.TextDocument, key: string, generation: number): Promise<number> {
    if (document.isClosed || !creditCheckEnabled(document)) {
      this.collection.delete(document.uri);
      this.missing.delete(key);
      return 0;
    }
    const version = document.version;
    const credit = documentCredit(document);
    const refs = mediaRefsIn(this.services, document, credit.text);
    const onScreen = visibleSpans(document);
    // A link with a cursor in it or at its end may still be being typed (`…-43` on its way to
    // `…-4312`): it is looked up once the cursor has left it, not for each pause in the typing.
    const cursors = cursorOffsets(document);
    const typing = (ref: MediaRefMatch): boolean => underCursor(ref, cursors);
    const mayRequest = new Set<string>();
    let deferred = false;
    for (const ref of refs) {
      if (!onScreen.some((span) => ref.start < span.end && span.start < ref.end)) continue;
      if (typing(ref)) deferred = true;
      else mayRequest.add(mediaRefKey(ref));
    }
    if (deferred) this.deferred.add(key);
    else this.deferred.delete(key);
    const facts = new Map<string, Promise<MediaItem | undefined>>();
    for (const ref of refs) {
      const id = mediaRefKey(ref);
      if (!facts.has(id)) {
        facts.set(id, this.lookup.background(ref.kind, ref.id, { mayRequest: mayRequest.has(id) }).then((r) => (r?.ok ? r.media : undefined)));
      }
    }
    const items: Missing[] = [];
    const names = new Map<string, CreditNames>();
    // A newer check or an edit since: that one's result counts.
    const superseded = (): boolean => this.generation.get(key) !== generation || document.version !== version || document.isClosed;
    let slice = performance.now();
    for (const ref of refs) {
      const id = mediaRefKey(ref);
      const media = await facts.get(id);
      if (!media) continue;
      let known = names.get(id);
      if (!known) names.set(id, (known = creditNames(documentCreditFacts(this.services, document, media))));
      if (!credit.credited(ref, known)) items.push({ ref, media });
      if (performance.now() - slice > SLICE_MS) {
        await yieldToHost();
        if (superseded()) return this.collection.get(document.uri)?.length ?? 0;
        slice = performance.now();
      }
    }
    if (superseded()) return this.collection.get(document.uri)?.length ?? 0;
    this.missing.set(key, { version, items });
    this.collection.set(document.uri, items.map((m) => this.diagnostic(document, m)));
    return items.length;
  }

  private diagnostic(document: vscode.TextDocument, m: Missing): vscode.Diagnostic {
    const range = new vscode.Range(document.positionAt(m.ref.start), document.positionAt(m.ref.end));
    const author = m.media.kind === 'photo' ? m.media.photo.photographer : (m.media.video.user?.name ?? '');
    const message = author.trim()
      ? m.ref.kind === 'photo'
        ? vscode.l10n.t('No credit line naming the photographer {0} near this photo.', quoteName(author))
        : vscode.l10n.t('No credit line naming the videographer {0} near this video.', quoteName(author))
      : m.ref.kind === 'photo'
        ? vscode.l10n.t('No credit line near this photo.')
        : vscode.l10n.t('No credit line near this video.');
    const diagnostic = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Information);
    diagnostic.source = CREDIT_DIAGNOSTIC_SOURCE;
    diagnostic.code = CREDIT_DIAGNOSTIC_CODE;
    return diagnostic;
  }

  /** The missing credits of the document as of its current version (undefined when out of date). */
  private current(document: vscode.TextDocument): Missing[] | undefined {
    const entry = this.missing.get(document.uri.toString());
    return entry && entry.version === document.version ? entry.items : undefined;
  }

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const ours = context.diagnostics.filter((d) => d.source === CREDIT_DIAGNOSTIC_SOURCE && d.code === CREDIT_DIAGNOSTIC_CODE);
    const items = this.current(document);
    if (ours.length === 0 || !items) return [];
    const credit = documentCredit(document);
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of ours) {
      const start = document.offsetAt(diagnostic.range.start);
      const item = items.find((m) => m.ref.start === start);
      if (!item) continue;
      const action = new vscode.CodeAction(vscode.l10n.t('Add credit line'), vscode.CodeActionKind.QuickFix);
      action.edit = insertionsEdit(document, [creditInsertion(this.services, document, credit, item.ref, item.media)]);
      action.diagnostics = [diagnostic];
      action.isPreferred = true;
      actions.push(action);
    }
    if (actions.length > 0 && items.length > 1) {
      const all = new vscode.CodeAction(vscode.l10n.t('Add credit lines to all in file'), vscode.CodeActionKind.QuickFix);
      all.edit = insertionsEdit(document, creditInsertions(this.services, document, credit, items));
      all.diagnostics = [...(this.collection.get(document.uri) ?? [])];
      actions.push(all);
    }
    return actions;
  }

  /** The hover's "Insert credit line": the quick fix's edit for the media at `offset`, applied. */
  async addCreditAt(uri: vscode.Uri, kind: MediaKind, id: number, offset: number): Promise<boolean> {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) ?? (await vscode.workspace.openTextDocument(uri));
    const ref = mediaRefsIn(this.services, document, document.getText()).find((r) => r.kind === kind && r.id === id && r.start <= offset && offset <= r.end);
    if (!ref) return false;
    const found = await this.lookup.get(kind, id);
    if (!found.ok) return false;
    // The document as it is now (it may have changed while the media was looked up).
    const credit = documentCredit(document);
    if (isCredited(this.services, document, credit, ref, found.media)) return false;
    const applied = await vscode.workspace.applyEdit(insertionsEdit(document, [creditInsertion(this.services, document, credit, ref, found.media)]));
    if (applied) void this.check(document);
    return applied;
  }
}

/** Whether a cursor is in the span or at its end: a link there may still be being typed. */
export function underCursor(span: { readonly start: number; readonly end: number }, cursors: readonly number[]): boolean {
  return cursors.some((at) => span.start <= at && at <= span.end);
}

/** Where the cursors are in the document, in every visible editor showing it. */
export function cursorOffsets(document: vscode.TextDocument): number[] {
  return vscode.window.visibleTextEditors.filter((editor) => editor.document === document).flatMap((editor) => editor.selections.map((s) => document.offsetAt(s.active)));
}

/** The offsets of the document shown on screen: every visible editor's visible ranges. */
function visibleSpans(document: vscode.TextDocument): { start: number; end: number }[] {
  return vscode.window.visibleTextEditors
    .filter((editor) => editor.document === document)
    .flatMap((editor) => editor.visibleRanges.map((range) => ({ start: document.offsetAt(range.start), end: document.offsetAt(range.end) })));
}

/** A name from the service inside a diagnostic: inert, in quotes. */
function quoteName(name: string): string {
  return `“${inert(name, 80)}”`;
}
