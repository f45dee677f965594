// Pasting a link of the service's media (its page or its file) into a document that has an
// insert format: the media, formatted with its credit exactly as the insert command writes
// it. Activation (host/contributions.ts) has already checked that the clipboard holds one such
// URL and nothing else; here it is looked up (one Get Photo/Video, cached) and rendered. When
// the look-up fails the provider offers nothing, so VS Code pastes the text as copied, and the
// user hears why once, not on every paste while the cause lasts.
import * as vscode from 'vscode';
import type { MediaRefMatch } from '../../core/mediaRefs';
import type { MediaItem } from '../../core/model';
import type { ClientSource } from '../client';
import { describeFailure, runErrorAction } from '../errorActions';
import type { CommandAction } from '../errorActions';
import { ERROR_ACTIONS } from '../errorActions';
import type { Shell } from '../shell';
import type { MediaInserter } from './inserter';

/** The kind of the edit: what `editor.pasteAs.preferences` names to prefer or avoid it (host/contributions.ts has the same). */
export const MEDIA_PASTE_KIND = 'stockMedia.media';

/** The same failure is told again only after this long. */
export const PASTE_FAILURE_QUIET_MS = 60_000;

export class MediaPasteProvider {
  /** When each failure (by its message) was last told. */
  private readonly told = new Map<string, number>();

  constructor(
    private readonly shell: Shell,
    private readonly api: ClientSource,
    private readonly inserter: MediaInserter,
    private readonly now: () => number = Date.now,
  ) {}

  async provideDocumentPasteEdits(
    document: vscode.TextDocument,
    ranges: readonly vscode.Range[],
    ref: MediaRefMatch,
    token: vscode.CancellationToken,
  ): Promise<vscode.DocumentPasteEdit[] | undefined> {
    const media = await this.lookUp(ref, token);
    if (!media || token.isCancellationRequested) return undefined;
    // One place: the snippet is laid out for its line (blank lines around a block), as a drop
    // is. Several cursors: the same snippet goes to each as it is.
    const position = ranges.length === 1 ? ranges[0]?.start : undefined;
    const snippet = await this.inserter.snippetForDrop(document, [media], token, position);
    if (!snippet || token.isCancellationRequested) return undefined;
    const title =
      media.kind === 'photo'
        ? vscode.l10n.t('Insert Photo with Credit ({0})', this.shell.config.serviceName)
        : vscode.l10n.t('Insert Video with Credit ({0})', this.shell.config.serviceName);
    return [new vscode.DocumentPasteEdit(snippet, title, vscode.DocumentDropOrPasteEditKind.Empty.append(...MEDIA_PASTE_KIND.split('.')))];
  }

  private async lookUp(ref: MediaRefMatch, token: vscode.CancellationToken): Promise<MediaItem | undefined> {
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      const client = this.api.client;
      return ref.kind === 'photo'
        ? { kind: 'photo', photo: await client.getPhoto(ref.id, { signal: controller.signal }) }
        : { kind: 'video', video: await client.getVideo(ref.id, { signal: controller.signal }) };
    } catch (error) {
      if (!token.isCancellationRequested) this.tell(error);
      return undefined;
    } finally {
      cancel.dispose();
    }
  }

  private tell(error: unknown): void {
    const described = describeFailure(this.shell, error);
    const message = vscode.l10n.t('Pasted the link as text: {0}', described.message);
    this.shell.logger.warn(`Paste: the media look-up failed (${described.message}).`);
    const now = this.now();
    const last = this.told.get(described.message);
    if (last !== undefined && now - last < PASTE_FAILURE_QUIET_MS) return;
    this.told.set(described.message, now);
    const origin = described.origin ?? '';
    const actions = described.actions.filter((a): a is CommandAction => a !== 'retry');
    const labels = actions.map((a) => ERROR_ACTIONS[a](origin).label);
    void vscode.window.showWarningMessage(message, ...labels).then((picked) => {
      const action = actions[labels.indexOf(picked ?? '')];
      if (action) void runErrorAction(action, origin, (command, ...args) => vscode.commands.executeCommand(command, ...args));
    });
  }
}
