// The command-palette side of the grid: Search Photos/Videos (a QuickPick offering recent
// searches), Browse Curated/Popular, Open by URL or ID, Clear Recent Searches. Each also
// takes its inputs as one argument (keybindings, automation, tests; read by commandArgs.ts),
// turned into a search by core/search.ts's parseSearch (the grid's toolbar rules); a bad
// value gets a clear message and sends nothing.
import * as vscode from 'vscode';
import { inert, SERVICE_NAME_MAX } from '../../core/inert';
import { defaultLocale } from '../../core/locale';
import { mediaRefErrorText, mediaUrlOptions, parseMediaRef } from '../../core/mediaUrl';
import type { MediaKind } from '../../core/model';
import type { Locale } from '../../core/params';
import { parseSearch } from '../../core/search';
import type { SearchSpec } from '../../core/search';
import type { RecentSearch } from '../../core/searchRecent';
import { seedQuery } from '../../core/searchRecent';
import { GridPanel } from './gridPanel';
import type { GridDeps } from './gridPanel';
import { focusSettled, showFocused } from '../common/inputBox';

export type GridCommandResult =
  | { shown: true; spec: SearchSpec; status: string; count: number; totalResults: number | null }
  | { shown: false; reason: 'cancelled' | 'invalid'; message?: string };

type SearchKind = RecentSearch['kind'];

/** The locale the user last searched in, else the editor's language (when supported). */
function lastLocale(deps: GridDeps): Locale {
  const spec = deps.open.current?.state.session.spec;
  return spec && (spec.mode === 'photos' || spec.mode === 'videos') && spec.locale ? spec.locale : defaultLocale(vscode.env.language);
}

/** Opens the grid on `spec` (also the Collections view's Open in Grid); resolves when its first page settled. */
export async function show(deps: GridDeps, spec: SearchSpec): Promise<GridCommandResult> {
  const grid = await GridPanel.show(deps, spec);
  const state = grid.state.session;
  // Tiles kept from an earlier search (this one could not reach the service) are not this search's.
  return state.kept
    ? { shown: true, spec, status: state.status, count: 0, totalResults: 0 }
    : { shown: true, spec, status: state.status, count: state.itemKeys.length, totalResults: state.totalResults };
}

/** The message may quote a value from the command's arguments: shown inert as a whole. */
function refuse(text: string): GridCommandResult {
  const message = inert(text, 1000);
  void vscode.window.showWarningMessage(message);
  return { shown: false, reason: 'invalid', message };
}

/** Turns arguments (given, or from the QuickPick) into a search, or explains what is wrong. */
async function runSearch(deps: GridDeps, kind: SearchKind, browse: boolean, args: unknown): Promise<GridCommandResult> {
  const result = parseSearch(kind, browse, args, { locale: lastLocale(deps) });
  if (!result.ok) return refuse(result.problems.join(' '));
  const { spec } = result;
  // Shown at once, in the order the commands came (the grid ends on the last), then remembered.
  const remembered = spec.mode === 'photos' || spec.mode === 'videos' ? deps.recent.add({ query: spec.query, kind }) : undefined;
  const [shown] = await Promise.all([show(deps, spec), remembered]);
  return shown;
}

interface QueryItem extends vscode.QuickPickItem {
  query: string;
  recent: boolean;
}

const REMOVE_BUTTON: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('close'),
  tooltip: vscode.l10n.t('Remove from Recent Searches'),
};

/** The QuickPick: type a query, or pick a recent one. Undefined when cancelled. */
function pickQuery(deps: GridDeps, kind: SearchKind, seed: string | undefined): Promise<string | undefined> {
  const picker = vscode.window.createQuickPick<QueryItem>();
  // The selected text (or the page's title): the query to start from, changed or taken as it is.
  if (seed !== undefined) picker.value = seed;
  const title = kind === 'photos' ? vscode.l10n.t('Search Photos') : vscode.l10n.t('Search Videos');
  const hint = vscode.l10n.t('Type what you are looking for and press Enter, or pick a recent search');
  const clearAll: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('clear-all'), tooltip: vscode.l10n.t('Clear Recent Searches') };
  picker.title = title;
  picker.placeholder = hint;
  picker.matchOnDescription = false;
  // Kept open when focus moves away: run from the palette while the grid's webview had focus,
  // VS Code gives that focus back to the webview asynchronously, sometimes just after this
  // picker has shown, and a picker that closed on it would vanish before the user could type.
  // Escape still closes it.
  picker.ignoreFocusOut = true;

  const recentItems = (): QueryItem[] =>
    deps.recent.list(kind).map((r) => ({
      label: inert(r.query),
      query: r.query,
      recent: true,
      iconPath: new vscode.ThemeIcon('history'),
      buttons: [REMOVE_BUTTON],
    }));
  const refresh = (): void => {
    const value = picker.value.trim();
    const recents = recentItems();
    const typed: QueryItem[] =
      value !== '' && !recents.some((r) => r.query.toLowerCase() === value.toLowerCase())
        ? [{ label: inert(value), query: value, recent: false, iconPath: new vscode.ThemeIcon('search'), description: title, alwaysShow: true }]
        : [];
    const separator: QueryItem[] =
      recents.length > 0 ? [{ label: vscode.l10n.t('Recent searches'), kind: vscode.QuickPickItemKind.Separator, query: '', recent: false }] : [];
    picker.items = [...typed, ...separator, ...recents];
    picker.buttons = recents.length > 0 ? [clearAll] : [];
  };
  refresh();

  return new Promise<string | undefined>((resolve) => {
    let settled = false;
    const finish = (value: string | undefined): void => {
      if (settled) return;
      settled = true;
      resolve(value);
      picker.hide();
    };
    const subscriptions = [
      picker.onDidChangeValue(() => {
        picker.placeholder = hint;
        refresh();
      }),
      picker.onDidAccept(() => {
        const chosen = picker.selectedItems[0] ?? picker.activeItems[0];
        const query = (chosen && chosen.kind !== vscode.QuickPickItemKind.Separator ? chosen.query : picker.value).trim();
        if (query === '') {
          // Nothing to search for: say so, send nothing, keep the picker open.
          picker.placeholder = vscode.l10n.t('Type something to search for.');
          return;
        }
        finish(query);
      }),
      picker.onDidTriggerItemButton(async ({ item }) => {
        await deps.recent.remove({ query: item.query, kind });
        refresh();
      }),
      picker.onDidTriggerButton(async (button) => {
        if (button === clearAll) {
          await deps.recent.clear();
          refresh();
        }
      }),
      picker.onDidHide(() => {
        for (const s of subscriptions) s.dispose();
        picker.dispose();
        finish(undefined);
      }),
    ];
    showFocused(picker);
  });
}

/** The text selected in the active editor, as a query to start from (one selection, not empty). */
function selectedQuery(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  const selection = editor?.selection;
  if (!editor || !selection || selection.isEmpty || editor.selections.length !== 1) return undefined;
  return seedQuery(editor.document.getText(selection));
}

/**
 * Searches with the argument's fields (commandArgs.ts searchArg), asking for the query when they
 * name none: the box starts with `seed` (Set as Cover Image: the page's title), else the text
 * selected in the active editor.
 */
export async function searchCommand(
  deps: GridDeps,
  kind: SearchKind,
  arg: { fields: Record<string, unknown>; hasQuery: boolean },
  seed?: string,
): Promise<GridCommandResult> {
  if (arg.hasQuery) return runSearch(deps, kind, false, arg.fields);
  const query = await pickQuery(deps, kind, seed ?? selectedQuery());
  if (query === undefined) return { shown: false, reason: 'cancelled' };
  return runSearch(deps, kind, false, { ...arg.fields, query });
}

export function showCuratedCommand(deps: GridDeps): Promise<GridCommandResult> {
  return show(deps, { mode: 'curated' });
}

export function showPopularCommand(deps: GridDeps, fields: Record<string, unknown>): Promise<GridCommandResult> {
  return runSearch(deps, 'videos', true, fields);
}

/** Opens the media `given` names (commandArgs.ts openMediaArg), or asks for a link or id when it is undefined. */
export async function openMediaCommand(deps: GridDeps, given: string | undefined): Promise<GridCommandResult> {
  const cfg = deps.services.config;
  const options = mediaUrlOptions(cfg);
  const automated = given !== undefined;
  if (!automated) await focusSettled();
  const text = given ?? (await vscode.window.showInputBox({
    title: vscode.l10n.t('Open Photo or Video'),
    prompt: vscode.l10n.t('Paste the link of a photo or video page on {0}, or type its id.', inert(cfg.serviceName, SERVICE_NAME_MAX)),
    placeHolder: inert(`${cfg.serviceUrl.replace(/\/+$/, '')}/photo/…-12345/`),
    ignoreFocusOut: true,
    validateInput: (value) => {
      const parsed = parseMediaRef(value, options);
      return parsed.ok || value.trim() === '' ? undefined : mediaRefErrorText(parsed.error, cfg.serviceName);
    },
  }));
  if (text === undefined) return { shown: false, reason: 'cancelled' };
  const parsed = parseMediaRef(text, options);
  if (!parsed.ok) return refuse(mediaRefErrorText(parsed.error, cfg.serviceName));
  let kind: MediaKind | undefined = parsed.kind;
  if (!kind && automated) kind = 'photo';
  if (!kind) {
    const photo = vscode.l10n.t('Photo {0}', parsed.id);
    const video = vscode.l10n.t('Video {0}', parsed.id);
    const picked = await vscode.window.showQuickPick([photo, video], { title: vscode.l10n.t('Is {0} a photo or a video?', parsed.id) });
    if (picked === undefined) return { shown: false, reason: 'cancelled' };
    kind = picked === video ? 'video' : 'photo';
  }
  return show(deps, { mode: 'single', kind, id: parsed.id });
}

export async function clearRecentSearchesCommand(deps: GridDeps): Promise<number> {
  const count = deps.recent.list().length;
  await deps.recent.clear();
  void vscode.window.showInformationMessage(
    count === 0 ? vscode.l10n.t('There were no recent searches.') : vscode.l10n.t('Recent searches cleared.'),
  );
  return count;
}
