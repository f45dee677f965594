// The grid panel's title: what it shows, in the display language.
import * as vscode from 'vscode';
import { altFromPageUrl } from '../../core/insert/facts';
import { cleanText } from '../../core/insert/text';
import type { MediaItem } from '../../core/model';
import type { SearchSpec } from '../../core/search';

/** One media's title once it has loaded: its alt text (a video's: the words of its page address), else its author. */
function mediaTitle(media: MediaItem): string | undefined {
  const [alt, author] =
    media.kind === 'photo' ? [media.photo.alt || altFromPageUrl(media.photo.url), media.photo.photographer] : [altFromPageUrl(media.video.url), media.video.user?.name];
  const text = cleanText(alt, 60);
  if (text) return media.kind === 'photo' ? vscode.l10n.t('Photo: {0}', text) : vscode.l10n.t('Video: {0}', text);
  const name = cleanText(author, 60);
  if (name) return media.kind === 'photo' ? vscode.l10n.t('Photo by {0}', name) : vscode.l10n.t('Video by {0}', name);
  return undefined;
}

/** The title for `spec`; for one media, by what it shows once `media` (its answer) is known. */
export function gridTitle(spec: SearchSpec | undefined, media?: MediaItem): string {
  if (!spec) return vscode.l10n.t('Stock Media');
  switch (spec.mode) {
    case 'photos':
      return vscode.l10n.t('Photos: {0}', spec.query);
    case 'videos':
      return vscode.l10n.t('Videos: {0}', spec.query);
    case 'curated':
      return vscode.l10n.t('Curated Photos');
    case 'popular':
      return vscode.l10n.t('Popular Videos');
    case 'single':
      return (media && mediaTitle(media)) ?? (spec.kind === 'photo' ? vscode.l10n.t('Photo {0}', spec.id) : vscode.l10n.t('Video {0}', spec.id));
    case 'starred':
      return vscode.l10n.t('Starred');
    case 'collection': {
      // The service's title, one line of plain text (a panel title shows no markup anyway).
      const title = cleanText(spec.title, 80) || spec.id;
      return spec.type === 'photos'
        ? vscode.l10n.t('Collection: {0} (photos)', title)
        : spec.type === 'videos'
          ? vscode.l10n.t('Collection: {0} (videos)', title)
          : vscode.l10n.t('Collection: {0}', title);
    }
    default: {
      const never: never = spec;
      return String(never);
    }
  }
}
