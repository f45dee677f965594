// The grid panel's title: what it shows, in the display language.
import * as vscode from 'vscode';
import { cleanText } from '../../core/insert/text';
import type { SearchSpec } from '../../core/search';

export function gridTitle(spec: SearchSpec | undefined): string {
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
      return spec.kind === 'photo' ? vscode.l10n.t('Photo {0}', spec.id) : vscode.l10n.t('Video {0}', spec.id);
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
