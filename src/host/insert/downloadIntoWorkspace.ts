// Saving an insert's files into the workspace: each address downloaded (streamed to disk where
// the platform can, else whole in memory), named by the naming rule or the name typed for
// Insert as…, checked against the destination rules, and written; the link to it goes into the
// item. A failed or cancelled save takes back everything it wrote (writtenFiles.ts).
import * as vscode from 'vscode';
import type { OpenDownload } from '../../api/download';
import { openDownload } from '../../api/download';
import { concatBytes } from '../../core/bytes';
import { MediaError } from '../../core/errors';
import { InsertError } from '../../core/insert/insertError';
import type { DownloadTarget } from '../../core/insert/destination';
import { targetLink } from '../../core/insert/destination';
import { extensionFor, fileNameFromTemplate } from '../../core/insert/naming';
import { basename, dirname } from '../../core/insert/paths';
import { companionFileName, savedFileName } from '../../core/insert/edit';
import type { InsertPlan, LocalAssets } from '../../core/insert/plan';
import type { HostPlatform } from '../platform';
import type { Services } from '../services';
import { notMediaMessage, savingTitle, tooLargeForBrowserNote } from './messages';
import type { Located } from './saveDestination';
import { nameFactsOf, refusedDestination, shownFolder, targetFor } from './saveDestination';
import { writeNewFile } from './writeNewFile';
import type { SavedFile } from './writeNewFile';
import type { InsertConfig } from './settings';
import { writeFailure } from './writeFailure';
import type { LedgerFs, WrittenFiles } from './writtenFiles';

/** What saving needs from the inserter. */
export interface Saving {
  readonly services: Services;
  readonly platform: HostPlatform;
  readonly fetch: typeof fetch;
  now(): Date;
  /** Write downloads into `file:` folders piece by piece rather than whole from memory. */
  readonly streamToDisk: boolean;
}

/** One file to save: an item's media file or its poster. */
interface Job {
  readonly index: number;
  readonly role: 'url' | 'poster';
  readonly address: string;
  readonly label: string;
}

/** The workspace's files for an insert's ledger (writtenFiles.ts): paths on `base`'s file system. */
export function workspaceLedger(base: vscode.Uri): LedgerFs {
  const at = (path: string): vscode.Uri => base.with({ path, query: '', fragment: '' });
  return {
    exists: (path) => Promise.resolve(vscode.workspace.fs.stat(at(path))).then(
      () => true,
      () => false,
    ),
    list: async (path) => (await vscode.workspace.fs.readDirectory(at(path))).map(([name]) => name),
    remove: async (path) => vscode.workspace.fs.delete(at(path), { recursive: false, useTrash: false }),
  };
}

/** One insert's save: its plans, where their files go, and what it reports to. */
export interface SaveRequest {
  readonly saving: Saving;
  readonly plans: readonly InsertPlan[];
  readonly located: Located;
  readonly config: InsertConfig;
  /** The insert's ledger: what it wrote, taken back when it fails. */
  readonly written: WrittenFiles;
  /** The insert's notes for the user (a file too large for the browser is linked, with a note). */
  readonly notes: string[];
  /** Cancels the save as the notification's Cancel does. */
  readonly token?: vscode.CancellationToken;
  /** The name typed for Insert as…, instead of the naming rule's. */
  readonly typedName?: string;
  /** No progress notification (the agent's call: the chat shows the tool running; `token` cancels). */
  readonly quiet?: boolean;
}

type SaveProgress = vscode.Progress<{ message?: string; increment?: number }>;

/** The save's work under a progress notification the user can cancel, or, when `quiet`, with no notification and only `request.token` to cancel it. */
function withSaveProgress<T>(request: SaveRequest, title: string, task: (progress: SaveProgress, token: vscode.CancellationToken) => Promise<T>): Thenable<T> {
  if (request.quiet) {
    const silent: SaveProgress = { report: () => undefined };
    if (request.token) return task(silent, request.token);
    const source = new vscode.CancellationTokenSource();
    return task(silent, source.token).finally(() => source.dispose());
  }
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, task);
}

/**
 * Saves the files the plans link to, with a progress notification the user can cancel (none when `quiet`); each
 * item's local links, and the files written or reused. Undefined when cancelled (by the user
 * or `request.token`); `written` then holds nothing, nor after a failure, which is thrown.
 */
export async function downloadIntoWorkspace(request: SaveRequest): Promise<{ locals: LocalAssets[]; files: SavedFile[] } | undefined> {
  const { saving, plans, located, written } = request;
  const jobs: Job[] = plans.flatMap((plan, index) => [
    ...(plan.uses.url ? [{ index, role: 'url' as const, address: plan.facts.url, label: plan.facts.variant }] : []),
    ...(plan.uses.poster && plan.facts.poster ? [{ index, role: 'poster' as const, address: plan.facts.poster, label: 'poster' }] : []),
  ]);
  const locals: { url?: string; poster?: string }[] = plans.map(() => ({}));
  const files: SavedFile[] = [];
  const title = savingTitle(plans, jobs.length);
  const logger = saving.services.logger;
  return withSaveProgress(request, title, async (progress, token) => {
    const abort = new AbortController();
    const cancel = (): void => abort.abort();
    const subscriptions = [token.onCancellationRequested(cancel), ...(request.token ? [request.token.onCancellationRequested(cancel)] : [])];
    try {
      for (const [n, job] of jobs.entries()) {
        const plan = plans[job.index];
        if (!plan) continue;
        const fileProgress = new FileProgress(progress, n, jobs.length);
        const file = { ...request, plan, job, signal: abort.signal, token, progress: fileProgress };
        const one = await saveOne(file);
        fileProgress.done();
        if (!one) continue;
        const { saved, target } = one;
        files.push(saved);
        const local = locals[job.index];
        if (local) local[job.role] = targetLink(target, located.location.path, saved.uri.path);
      }
      return { locals, files };
    } catch (error) {
      // Nothing of a failed or cancelled insert stays: the files it wrote before, the folders it made.
      const count = written.written.length;
      const left = await written.takeBack();
      if (count > 0) logger.info(`Removed the ${count} file(s) this insert had saved, since it did not finish.`);
      for (const path of left) logger.warn(`Could not remove ${path} after the insert failed.`);
      if (token.isCancellationRequested || request.token?.isCancellationRequested) return undefined;
      throw error;
    } finally {
      for (const s of subscriptions) s.dispose();
    }
  });
}

/** One file's save: the insert's, with the file's plan and job, the notification's cancel and its progress. */
interface OneFile extends SaveRequest {
  readonly plan: InsertPlan;
  readonly job: Job;
  readonly signal: AbortSignal;
  readonly token: vscode.CancellationToken;
  readonly progress: FileProgress;
}

/**
 * A download's failure as an insert shows it: its sentence, with Insert as Link Instead, except
 * for a file too large to save (its sentence says to link it). A cancel stays a cancel.
 */
function downloadFailure(error: unknown): unknown {
  if (!(error instanceof MediaError) || error.kind === 'cancelled') return error;
  return new InsertError(error.message, { offerLink: error.limit === undefined });
}

/** Downloads and writes one file; undefined when the browser cannot hold it (linked instead, with a note). */
async function saveOne(file: OneFile): Promise<{ saved: SavedFile; target: DownloadTarget } | undefined> {
  const { saving, plan, job, located } = file;
  const platform = saving.platform;
  const disk = located.base.scheme === 'file' && saving.streamToDisk ? platform.disk : undefined;
  // The web cannot stream to disk: a file too large for memory is linked, with a note, not refused.
  const linkWhenTooLarge = async <T>(step: Promise<T>): Promise<T | undefined> => {
    try {
      return await step;
    } catch (error) {
      if (!(error instanceof MediaError) || error.limit === undefined || platform.disk !== undefined) throw downloadFailure(error);
      file.notes.push(tooLargeForBrowserNote(job.role === 'url' && plan.facts.kind === 'video' ? 'video' : 'image', error.limit));
      return undefined;
    }
  };
  const opened = await linkWhenTooLarge(
    openDownload(job.address, {
      fetch: saving.fetch,
      signal: file.signal,
      idleTimeoutMs: saving.services.config.timeoutMs,
      maxBytes: disk ? disk.maxStreamBytes : platform.maxDownloadBytes,
      redirects: platform.downloadRedirects,
      browserFetch: platform.name === 'web',
      locale: vscode.env.language,
      onProgress: (received, total) => file.progress.received(received, total),
    }),
  );
  if (!opened) return undefined;
  const target = await checkedTarget(file, opened);
  const desired = located.base.with({ path: target.path, query: '', fragment: '' });
  // `refusedDestination` passed: the folder is inside its workspace folder.
  const root = target.root ?? dirname(target.path);
  await file.written.beforeWritingInto(dirname(target.path), root);
  let saved: SavedFile;
  let size: number;
  try {
    if (disk) {
      const folder = desired.with({ path: dirname(desired.path) });
      const stream = await disk.saveStream(folder.fsPath, basename(desired.path), opened);
      saved = { uri: vscode.Uri.joinPath(folder, basename(stream.path.replace(/\\/g, '/'))), reused: stream.reused };
      size = stream.bytes;
    } else {
      const chunks: Uint8Array[] = [];
      const read = await linkWhenTooLarge(opened.read((chunk) => void chunks.push(chunk)));
      if (read === undefined) return undefined;
      size = read;
      saved = await writeNewFile(desired, concatBytes(chunks, size), file.token);
    }
  } catch (error) {
    // A full disk or a folder that may not be written to, in words; or the download's own failure.
    throw writeFailure(downloadFailure(error), shownFolder(dirname(target.path), root));
  }
  file.written.saved(saved.uri.path, saved.reused);
  saving.services.logger.info(`${saved.reused ? 'Reused' : 'Saved'} ${saved.uri.toString(true)} (${size} bytes${disk ? ', streamed to disk' : ''}).`);
  return { saved, target };
}

/** The file's name (from what the server sent) and its target, refused (and the download cancelled) when it may not be saved there. */
async function checkedTarget(file: OneFile, opened: OpenDownload): Promise<DownloadTarget> {
  const { saving, plan, job } = file;
  const extension = extensionFor(opened.contentType, opened.url, job.role === 'url' ? plan.facts.fileType : undefined);
  if (!extension) {
    await opened.cancel();
    throw new InsertError(() => notMediaMessage(opened.contentType ?? undefined), { offerLink: true });
  }
  const fileName =
    file.typedName === undefined
      ? fileNameFromTemplate(file.config.fileName, nameFactsOf(plan, job.label, saving.services.config.serviceName), extension)
      : job.role === 'url'
        ? savedFileName(file.typedName, extension)
        : companionFileName(file.typedName, job.label, extension);
  const target = targetFor(file.config, file.located, fileName, saving.now());
  const refused = await refusedDestination(target, file.located.base, saving.platform);
  if (refused) {
    await opened.cancel();
    throw new InsertError(refused, { offerLink: true });
  }
  return target;
}

/** Megabytes with one decimal, in the display language's number format. */
function megabytes(bytes: number): string {
  return (bytes / 1048576).toLocaleString(vscode.env.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** The progress notification of a save: each file its share of the bar, and how many megabytes of it came (of how many, when the server said), numbered when there are several. */
class FileProgress {
  private reported = 0;
  private readonly share: number;

  /** File `n` (from 0) of `count`. */
  constructor(
    private readonly progress: SaveProgress,
    private readonly n: number,
    private readonly count: number,
  ) {
    this.share = 100 / count;
  }

  received(bytes: number, total: number | undefined): void {
    const done = total ? Math.min(this.share, (bytes / total) * this.share) : 0;
    const amount = total ? vscode.l10n.t('{0} of {1} MB', megabytes(bytes), megabytes(total)) : vscode.l10n.t('{0} MB', megabytes(bytes));
    this.progress.report({
      increment: done - this.reported,
      message: this.count > 1 ? vscode.l10n.t('{0} of {1}: {2}', this.n + 1, this.count, amount) : amount,
    });
    this.reported = done;
  }

  /** The file is done (saved, or linked instead): the rest of its share. */
  done(): void {
    this.progress.report({ increment: this.share - this.reported });
  }
}
