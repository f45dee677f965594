// Write Credits File: every service media link in the workspace's Markdown, HTML, JSX and
// CSS files, looked up (through the client's cache: one request per id at most) and listed
// in `CREDITS.md` between markers. Multi-root: one file, in the first workspace folder at
// the path its `stockMedia.creditsFile.path` names; it lists the media of every folder,
// their files prefixed with the folder's name. Cancelling writes nothing (what was looked up
// stays cached, so the next run costs only the rest); the file is written once, whole: into a
// hidden temporary file beside it, which then replaces it, so a write that fails (a full disk)
// leaves the previous file as it was, and says why. Nothing is written in Restricted Mode, nor
// through a symbolic link that leads out of the folder or into `.git`, nor over a file that
// could not be read or is not plain UTF-8 (replaceFile.ts).
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import type { CreditEntry } from '../../core/credits/creditsFile';
import { inGitFolder } from '../../core/gitFolder';
import { CREDITS_WORDS, creditsBlockEntries, creditsPathInFolder, mergeCredits, renderCreditsBlock } from '../../core/credits/creditsFile';
import { creditMarkdown } from '../../core/insert/credit';
import { CREDIT_WORDS, creditLanguage } from '../../core/insert/creditWords';
import { creditFacts } from '../../core/insert/facts';
import { toMediaError } from '../../core/errors';
import { photosAndVideosText } from '../../core/collectionsText';
import { inert, SERVICE_NAME_MAX } from '../../core/inert';
import type { MediaItem } from '../../core/model';
import { quotaLevel } from '../../core/quota';
import type { ClientSource } from '../client/client';
import { describeFailure } from '../key/errorActions';
import { containmentProblem } from '../insert/containment';
import { readInsertConfig } from '../insert/settings';
import type { CreditsFs } from './replaceFile';
import { notWritten, readExisting, replaceFile } from './replaceFile';
import type { Found, Scanned } from './scanWorkspace';
import { scan } from './scanWorkspace';
import type { Services } from '../services';

/** How long the workbench shows a progress notification at least. */
export const NOTIFICATION_PROGRESS_MIN_MS = 800;

/**
 * What one run shows: its progress notifications, then its outcome, never beside one of them. The
 * workbench keeps a progress notification on screen for at least 800 ms however soon its task
 * ends (progressService's `withNotificationProgress`), so a message shown right after a quick task
 * would sit next to a finished "1 of 1 · Cancel": a message or a question waits until the last
 * notification is gone, while the run goes on meanwhile (the file is written in that time).
 */
class RunNotices {
  private gone: Promise<void> = Promise.resolve();

  /** `task` in a progress notification. */
  async progress<T>(
    options: Omit<vscode.ProgressOptions, 'location'>,
    task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<T>,
  ): Promise<T> {
    const started = Date.now();
    try {
      return await vscode.window.withProgress({ ...options, location: vscode.ProgressLocation.Notification }, task);
    } finally {
      const left = started + NOTIFICATION_PROGRESS_MIN_MS - Date.now();
      this.gone = left > 0 ? new Promise((resolve) => setTimeout(resolve, left)) : Promise.resolve();
    }
  }

  /** Resolves once every progress notification shown so far is gone. */
  settled(): Promise<void> {
    return this.gone;
  }

  /** Shows the outcome's message (once the notifications are gone); returns the outcome. */
  async told(level: 'error' | 'warning' | 'info', outcome: CreditsOutcome): Promise<CreditsOutcome> {
    await this.gone;
    return told(level, outcome);
  }
}

export interface CreditsOutcome {
  readonly result: 'written' | 'unchanged' | 'cancelled' | 'refused' | 'failed';
  /** Distinct media found, and how many of them needed a request. */
  readonly media: number;
  readonly requests: number;
  readonly file?: vscode.Uri;
  readonly message: string;
}

/** Shows the outcome's message as an error, a warning or information; returns the outcome. */
function told(level: 'error' | 'warning' | 'info', outcome: CreditsOutcome): CreditsOutcome {
  const show = { error: vscode.window.showErrorMessage, warning: vscode.window.showWarningMessage, info: vscode.window.showInformationMessage }[level];
  void show(outcome.message);
  return outcome;
}

/** The credits file's target, or why there is none. */
async function target(services: Services): Promise<{ folder: vscode.WorkspaceFolder; uri: vscode.Uri; writeAt: vscode.Uri; label: string } | string> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return vscode.l10n.t('Open a folder first: the credits file lists the media of the workspace.');
  const setting = vscode.workspace.getConfiguration('stockMedia.creditsFile', folder.uri).get<unknown>('path');
  const named = typeof setting === 'string' ? setting : 'CREDITS.md';
  const path = creditsPathInFolder(named);
  const folderName = inert(folder.name, SERVICE_NAME_MAX);
  if (path === undefined) {
    return inGitFolder(named.trim())
      ? vscode.l10n.t('The setting stockMedia.creditsFile.path names a file in a .git folder, which belongs to Git; nothing was written.')
      : vscode.l10n.t('The setting stockMedia.creditsFile.path must name a file inside the workspace folder “{0}”; nothing was written.', folderName);
  }
  const uri = vscode.Uri.joinPath(folder.uri, path);
  // The file's own real path, not only its folder's: `CREDITS.md` may be a link.
  switch (await containmentProblem(uri, folder.uri, services.platform.disk)) {
    case 'leaves':
      return vscode.l10n.t('{0} leads out of the workspace folder “{1}” through a symbolic link; nothing was written.', inert(path), folderName);
    case 'uncheckedLink':
      return vscode.l10n.t('{0} is reached through a symbolic link, and where it leads cannot be checked here; nothing was written.', inert(path));
    case 'gitFolder':
      return vscode.l10n.t('{0} leads into a .git folder, which belongs to Git; nothing was written.', inert(path));
    case undefined: {
      // A link that stays inside (Node only: the web refuses links) is written at its target, whole,
      // so it stays a link: whoever linked `CREDITS.md` to `docs/credits.md` expects that file updated.
      const disk = services.platform.disk;
      const real = disk && uri.scheme === 'file' ? await disk.realPathInRoot(uri.fsPath, folder.uri.fsPath) : undefined;
      return { folder, uri, writeAt: real !== undefined && real !== path ? vscode.Uri.joinPath(folder.uri, real) : uri, label: path };
    }
  }
}

/** Restricted Mode: nothing is written; said so, with the way to trust the folder. */
function untrusted(): CreditsOutcome {
  const message = vscode.l10n.t('This workspace is in Restricted Mode, so Write Credits File writes nothing into it. Trust the workspace to write the credits file.');
  const manage = vscode.l10n.t('Manage Workspace Trust');
  void vscode.window.showWarningMessage(message, manage).then((picked) => {
    if (picked === manage) void vscode.commands.executeCommand('workbench.trust.manage');
  });
  return { result: 'refused', media: 0, requests: 0, message };
}

/** The quota left, when known and current, and the sentence that says so. */
function quotaLeft(services: Services): { left: number | undefined; sentence: string } {
  const snapshot = services.quota.current;
  const level = quotaLevel(snapshot, Date.now());
  const left = level === 'exhausted' ? 0 : level === 'ok' || level === 'low' ? snapshot?.remaining : undefined;
  if (left !== undefined) {
    const sentence = l10n.plural(left, {
      one: vscode.l10n.t('{0} request is left in the quota.', left),
      other: vscode.l10n.t('{0} requests are left in the quota.', left),
    });
    return { left, sentence };
  }
  if (level === 'hidden') {
    return {
      left,
      sentence: vscode.l10n.t(
        'The service does not let browsers read the quota left; this extension sent {0} requests this hour.',
        services.quota.hourly.thisHour(),
      ),
    };
  }
  return { left, sentence: vscode.l10n.t('How many requests are left in the quota is not known.') };
}

/** The user cancelled a scan or the look-ups: nothing written. */
function cancelled(media: number, requests: number): CreditsOutcome {
  return { result: 'cancelled', media, requests, message: vscode.l10n.t('Cancelled: the credits file was not written.') };
}

type LookedUp = { readonly entries: CreditEntry[] } | { readonly failure: string } | 'cancelled';

type Progress = vscode.Progress<{ message?: string; increment?: number }>;

/** Each media's entry of the credits file, through the client (its cache: a known media costs nothing); `ownNotification`: the progress is the look-ups' alone (increments). */
async function lookUpEntries(
  services: Services,
  client: ClientSource['client'],
  media: readonly Found[],
  language: ReturnType<typeof creditLanguage>,
  progress: Progress,
  token: vscode.CancellationToken,
  ownNotification: boolean,
): Promise<LookedUp> {
  const service = { serviceName: services.config.serviceName, serviceUrl: services.config.serviceUrl };
  const controller = new AbortController();
  const stop = token.onCancellationRequested(() => controller.abort());
  try {
    const entries: CreditEntry[] = [];
    let shownPercent = 0;
    for (const [n, m] of media.entries()) {
      if (token.isCancellationRequested) return 'cancelled';
      // At most a hundred updates (each is a message to the workbench), however many media.
      const percent = Math.floor(((n + 1) / media.length) * 100);
      if (n === 0 || percent !== shownPercent) {
        progress.report({ message: vscode.l10n.t('{0} of {1}', n + 1, media.length), ...(ownNotification ? { increment: percent - shownPercent } : {}) });
        shownPercent = percent;
      }
      let item: MediaItem | undefined;
      try {
        item = await client.getMedia(m.kind, m.id, { signal: controller.signal });
      } catch (error) {
        const failure = toMediaError(error);
        if (failure.kind === 'cancelled' || token.isCancellationRequested) return 'cancelled';
        // Gone from the service: still listed, with the files that link to it.
        if (failure.kind !== 'notFound') return { failure: describeFailure(services, failure).message };
      }
      const facts = item ? creditFacts(item, { ...service, creditWords: CREDIT_WORDS[language] }) : undefined;
      const credit = facts ? creditMarkdown(facts) : undefined;
      entries.push({ kind: m.kind, id: m.id, author: facts?.author ?? '', credit, authorUrl: facts?.authorUrl, pageUrl: facts?.pageUrl, files: [...m.files] });
    }
    return { entries };
  } finally {
    stop.dispose();
  }
}

/** `fs`: what the file is read and written through; `trusted`: the workspace is trusted (a test's stand-in may say otherwise). */
export async function writeCreditsFile(
  services: Services,
  api: Pick<ClientSource, 'client'>,
  fs: CreditsFs = vscode.workspace.fs,
  trusted: boolean = vscode.workspace.isTrusted,
): Promise<CreditsOutcome> {
  if (!trusted) return untrusted();
  const notices = new RunNotices();
  const where = await target(services);
  if (typeof where === 'string') return notices.told('error', { result: 'refused', media: 0, requests: 0, message: where });
  const unsaved = (): string | undefined =>
    vscode.workspace.textDocuments.some((d) => d.isDirty && d.uri.toString() === where.uri.toString())
      ? vscode.l10n.t('{0} has unsaved changes: save or revert them, then run Write Credits File again.', inert(where.label))
      : undefined;
  // Before any request is spent, and again before writing.
  const dirty = unsaved();
  if (dirty) return notices.told('warning', { result: 'refused', media: 0, requests: 0, file: where.uri, message: dirty });
  // A file that would not be rewritten is said before any request is spent (and read again before writing).
  const unreadable = async (): Promise<{ text: string | undefined } | CreditsOutcome> => {
    const read = await readExisting(fs, where.uri, inert(where.label));
    return 'text' in read ? read : notices.told('error', { result: 'refused', media: 0, requests: 0, file: where.uri, message: read.refused });
  };
  const first = await unreadable();
  if ('result' in first) return first;
  const title = vscode.l10n.t('Write Credits File');
  const client = api.client;
  const insertConfig = readInsertConfig({ uri: where.uri, languageId: 'markdown' });
  const language = creditLanguage(insertConfig.creditLanguage, vscode.env.language);
  const lookUp = (media: readonly Found[], progress: Progress, token: vscode.CancellationToken, ownNotification: boolean): Promise<LookedUp> =>
    lookUpEntries(services, client, media, language, progress, token, ownNotification);
  // A large workspace takes a moment: said so, with how far it got, and it can be cancelled.
  const searched = await notices.progress(
    { title: vscode.l10n.t('Looking for media in the workspace…'), cancellable: true },
    async (progress, token): Promise<{ scanned: Scanned; uncached: Found[]; looked?: LookedUp } | 'cancelled'> => {
      let shownPercent = 0;
      const result = await scan(services, where.uri, token, (done, total, listing) => {
        // While the folders are walked: how many files were found so far.
        if (listing) return progress.report({ message: vscode.l10n.t('{0} files found', total) });
        // At most a hundred updates, however many files.
        const percent = Math.floor((done / total) * 100);
        if (percent === shownPercent && done !== total) return;
        progress.report({ message: vscode.l10n.t('{0} of {1} files', done, total), increment: percent - shownPercent });
        shownPercent = percent;
      }, undefined, () => true);
      if (token.isCancellationRequested) return 'cancelled';
      const media = [...result.found.values()];
      const uncached: Found[] = [];
      for (const m of media) if (!(await client.hasCached(m.kind, m.id))) uncached.push(m);
      // Every media known: looked up at once, in this notification (no second one to wait for).
      if (uncached.length === 0) return { scanned: result, uncached, looked: await lookUp(media, progress, token, false) };
      return { scanned: result, uncached };
    },
  );
  if (searched === 'cancelled') return notices.told('info', cancelled(0, 0));
  const { scanned, uncached } = searched;
  const media = [...scanned.found.values()];
  const requests = uncached.length;
  const { left, sentence: quota } = quotaLeft(services);
  const serviceName = inert(services.config.serviceName, SERVICE_NAME_MAX);
  const notes = [
    ...(scanned.truncated ? [vscode.l10n.t('The search stopped at its limit: {0} files were read, the others were not.', scanned.read)] : []),
    ...(scanned.tooLarge > 0
      ? [
          l10n.plural(scanned.tooLarge, {
            one: vscode.l10n.t('{0} file over 2 MB was not read (see the log).', scanned.tooLarge),
            other: vscode.l10n.t('{0} files over 2 MB were not read (see the log).', scanned.tooLarge),
          }),
        ]
      : []),
  ];
  const photoCount = media.filter((m) => m.kind === 'photo').length;
  const counted = photosAndVideosText(photoCount, media.length - photoCount);
  const found = l10n.plural(requests, {
    one: vscode.l10n.t('Found {0}; {1} of them needs a request to {2}.', counted, requests, serviceName),
    other: vscode.l10n.t('Found {0}; {1} of them need a request to {2}.', counted, requests, serviceName),
  });
  const summary = [found, ...notes].join(' ');
  if (requests > 0) {
    if (left !== undefined && requests > left) {
      const only = l10n.plural(left, {
        one: vscode.l10n.t('Only {0} request is left in the quota, so nothing was written.', left),
        other: vscode.l10n.t('Only {0} requests are left in the quota, so nothing was written.', left),
      });
      return notices.told('error', { result: 'refused', media: media.length, requests, message: `${summary} ${only}` });
    }
    const go = vscode.l10n.t('Continue');
    await notices.settled();
    const picked = await vscode.window.showWarningMessage(title, { modal: true, detail: `${summary} ${quota}` }, go);
    if (picked !== go) return { result: 'cancelled', media: media.length, requests, message: summary };
  }

  const looked = searched.looked ?? (await notices.progress({ title, cancellable: true }, (progress, token) => lookUp(media, progress, token, true)));
  if (looked === 'cancelled') return notices.told('info', cancelled(media.length, requests));
  if ('failure' in looked) {
    return notices.told('error', { result: 'failed', media: media.length, requests, message: `${looked.failure} ${vscode.l10n.t('The credits file was not written.')}` });
  }

  const dirtyNow = unsaved();
  if (dirtyNow) return notices.told('warning', { result: 'refused', media: media.length, requests, file: where.uri, message: dirtyNow });
  const words = CREDITS_WORDS[language];
  const read = await unreadable();
  if ('result' in read) return { ...read, media: media.length, requests };
  const existing = read.text;
  const merged = mergeCredits(existing, renderCreditsBlock(looked.entries, words, services.config.serviceName), words);
  if (!merged.ok) {
    const message = vscode.l10n.t('{0} has its Stock Media markers more than once or out of order; fix them by hand. Nothing was written.', inert(where.label));
    return notices.told('error', { result: 'refused', media: media.length, requests, file: where.uri, message });
  }
  if (!merged.changed) {
    const message = vscode.l10n.t('{0} is up to date ({1}); nothing was written.', inert(where.label), counted);
    return notices.told('info', { result: 'unchanged', media: media.length, requests, file: where.uri, message });
  }
  // A search cut at its limit may have missed media the file lists: not dropped without asking.
  const listed = existing === undefined ? undefined : creditsBlockEntries(existing);
  if (scanned.truncated && listed !== undefined && listed > looked.entries.length) {
    const go = vscode.l10n.t('Continue');
    await notices.settled();
    const detail = vscode.l10n.t('{0} lists {1} media; the search, stopped at its limit, found {2}. Replace the list with the shorter one?', inert(where.label), listed, looked.entries.length);
    if ((await vscode.window.showWarningMessage(title, { modal: true, detail: `${detail} ${notes.join(' ')}` }, go)) !== go) {
      const message = vscode.l10n.t('{0} was not changed.', inert(where.label));
      return { result: 'cancelled', media: media.length, requests, file: where.uri, message };
    }
  }
  try {
    await replaceFile(fs, where.writeAt, merged.text, existing);
  } catch (error) {
    services.logger.warn(`Write Credits File: ${error instanceof Error ? error.message : String(error)}`);
    return notices.told('error', { result: 'failed', media: media.length, requests, file: where.uri, message: notWritten(inert(where.label), error, existing !== undefined) });
  }
  const lists = vscode.l10n.t('{0} lists {1}.', inert(where.label), counted);
  const written = [lists, ...notes].join(' ');
  const openLabel = vscode.l10n.t('Open');
  await notices.settled();
  void vscode.window.showInformationMessage(written, openLabel).then((picked) => {
    if (picked === openLabel) void vscode.window.showTextDocument(where.uri, { preview: true });
  });
  return { result: 'written', media: media.length, requests, file: where.uri, message: written };
}
