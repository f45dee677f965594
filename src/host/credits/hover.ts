// The hover over a service media URL (page or file) in any text document: the photographer
// (linked), the size, whether a credit line is nearby, links to add the credit, copy it, open
// the media on the service and its page, then a thumbnail (unless VS Code's Markdown hover
// already previews the picture). Everything the
// service wrote goes through inertMarkdown/markdownLink, and the Markdown trusts exactly the
// commands it links to, so a hostile name can neither make a link nor run a command.
import * as vscode from 'vscode';
import { toMediaError } from '../../core/errors';
import { INERT_MAX, SERVICE_NAME_MAX, inertMarkdown, markdownLink, markdownLinkTarget } from '../../core/inert';
import { formatFamily } from '../../core/insert/languages';
import { previewedByMarkdown } from '../../core/markdownPreview';
import type { MediaRefMatch } from '../../core/mediaRefs';
import { mediaSizeText, mediaTitle } from '../../core/mediaText';
import { inCode } from '../../core/mediaUses';
import type { MediaItem, MediaKind } from '../../core/model';
import { CommandId } from '../common/commandIds';
import type { Services } from '../services';
import { documentCredit, documentCreditFacts, isCredited } from './credits';
import type { MediaLookup } from './lookup';

/** The commands the hover links to: the only ones its Markdown may run. */
export const HOVER_COMMANDS: readonly string[] = [CommandId.addCreditLine, CommandId.openOnService, CommandId.copyCredit, CommandId.star, CommandId.unstar];

/** The thumbnail's height in pixels: with the three lines above it, the hover stays within VS Code's default 250 px. */
const THUMBNAIL_HEIGHT = 96;

/** A `command:` link target with its arguments (JSON, percent-encoded, no parenthesis left to end the link). */
export function commandLink(command: string, args: unknown): string {
  const encoded = encodeURIComponent(JSON.stringify(args)).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `command:${command}?${encoded}`;
}

interface Shown {
  readonly author: string;
  readonly authorUrl: string | undefined;
  readonly pageUrl: string | undefined;
  readonly thumbnail: string | undefined;
  readonly width: number;
  readonly height: number;
}

function shown(media: MediaItem): Shown {
  if (media.kind === 'photo') {
    const p = media.photo;
    return { author: p.photographer, authorUrl: p.photographer_url, pageUrl: p.url, thumbnail: p.src.tiny || p.src.small, width: p.width, height: p.height };
  }
  const v = media.video;
  const picture = v.video_pictures?.[0]?.picture;
  return { author: v.user?.name ?? '', authorUrl: v.user?.url, pageUrl: v.url, thumbnail: picture || v.image, width: v.width, height: v.height };
}

export class MediaHover {
  constructor(
    private readonly services: Services,
    private readonly lookup: MediaLookup,
    /** Whether the media is starred (the hover offers Unstar instead of Star). */
    private readonly isStarred: (kind: MediaKind, id: number) => boolean = () => false,
  ) {}

  /** The hover for `ref` (offsets into the document's text). */
  async provide(document: vscode.TextDocument, ref: MediaRefMatch, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const found = await this.lookup.get(ref.kind, ref.id);
    if (token.isCancellationRequested) return undefined;
    const range = new vscode.Range(document.positionAt(ref.start), document.positionAt(ref.end));
    const markdown = new vscode.MarkdownString(undefined, true);
    if (!found.ok) {
      const detail = inertMarkdown(toMediaError(found.error).message);
      markdown.appendMarkdown(
        ref.kind === 'photo'
          ? vscode.l10n.t('Could not look up photo {0}: {1}', ref.id, detail)
          : vscode.l10n.t('Could not look up video {0}: {1}', ref.id, detail),
      );
      return new vscode.Hover(markdown, range);
    }
    const media = found.media;
    const info = shown(media);
    const serviceName = inertMarkdown(this.services.config.serviceName, SERVICE_NAME_MAX);
    // What the hover adds, first: who made it, whether the credit is there, what to do about it.
    // The picture last, and none where VS Code's Markdown hover already shows it; all of it
    // within the default hover's 250 px, so the credit status is seen without scrolling.
    const lines: string[] = [];
    const person = info.author.trim() ? markdownLink(info.author, info.authorUrl, INERT_MAX) : '';
    // The same size text as the Collections view's hover (mediaText.ts).
    const size = inertMarkdown(mediaSizeText(media));
    // Titled as the trees and the grid title it: what it shows (its alt text or page title), else its number.
    const words = mediaTitle(media);
    const title = words !== undefined ? inertMarkdown(words) : media.kind === 'photo' ? vscode.l10n.t('Photo {0}', ref.id) : vscode.l10n.t('Video {0}', ref.id);
    lines.push(person ? vscode.l10n.t('**{0}** by {1} · {2}', title, person, size) : `**${title}** · ${size}`);
    // A link in code is shown as text on the page: not a use that needs a credit (core/mediaUses.ts).
    const code = inCode(document.getText(), formatFamily(document.languageId), ref.start);
    const credited = !code && isCredited(this.services, document, documentCredit(document), ref, media);
    const facts = documentCreditFacts(this.services, document, media);
    lines.push(
      code
        ? `$(code) ${vscode.l10n.t('In code, shown as text: not a use that needs a credit.')}`
        : credited
          ? `$(pass) ${vscode.l10n.t('A credit line names them nearby.')}`
          : facts.author
            ? `$(info) ${vscode.l10n.t('No credit line nearby names {0}.', inertMarkdown(facts.author))}`
            : `$(info) ${vscode.l10n.t('No credit line nearby.')}`,
    );
    const refArgs = { ref: { kind: ref.kind, id: ref.id } };
    const links: string[] = [];
    if (!credited && !code) {
      const args = { uri: document.uri.toString(), kind: ref.kind, id: ref.id, offset: ref.start };
      links.push(`[${vscode.l10n.t('Insert credit line')}](${commandLink(CommandId.addCreditLine, args)})`);
    }
    links.push(`[${vscode.l10n.t('Copy credit')}](${commandLink(CommandId.copyCredit, refArgs)})`);
    links.push(`[${vscode.l10n.t('Open on {0}', serviceName)}](${commandLink(CommandId.openOnService, refArgs)})`);
    links.push(
      this.isStarred(ref.kind, ref.id)
        ? `[${vscode.l10n.t('Unstar')}](${commandLink(CommandId.unstar, refArgs)})`
        : `[${vscode.l10n.t('Star')}](${commandLink(CommandId.star, refArgs)})`,
    );
    lines.push(links.join(' · '));
    const thumbnail = markdownLinkTarget(info.thumbnail);
    const shownByVsCode = document.languageId === 'markdown' && previewedByMarkdown(document.getText(), ref.start, ref.end);
    if (thumbnail && !shownByVsCode) lines.push(`![](${thumbnail}|height=${THUMBNAIL_HEIGHT})`);
    markdown.appendMarkdown(lines.join('\n\n'));
    markdown.isTrusted = { enabledCommands: [...HOVER_COMMANDS] };
    return new vscode.Hover(markdown, range);
  }
}
