// Where an insert's files are saved, and whether they may be: a trusted workspace, a file system
// that can be written, a folder inside the workspace folder (not out through a link, not in a
// `.git` folder), a name that keeps the file there. Each refusal is a note: the media are linked instead.
import * as vscode from 'vscode';
import type { DocumentLocation, DownloadTarget } from '../../core/insert/destination';
import type { NameFacts } from '../../core/insert/naming';
import { downloadTarget, HUGO_CONFIG_FILES } from '../../core/insert/destination';
import { inGitFolder } from '../../core/gitFolder';
import { extensionFor, fileNameFromTemplate } from '../../core/insert/naming';
import { basename, dirname, relativePath } from '../../core/insert/paths';
import { savedFileName } from '../../core/insert/edit';
import type { InsertPlan } from '../../core/insert/plan';
import type { HostPlatform } from '../platform';
import { containmentProblem } from './containment';
import { askFileName } from './askAltTextAndName';
import { hlsNote, untrustedNote } from './messages';
import type { InsertConfig } from './settings';

/** Where the document is, for the links, and the URI the saved files' paths are on. */
export interface Located {
  readonly location: DocumentLocation;
  readonly base: vscode.Uri;
  /** The document's workspace folder has a Hugo configuration at its root (page bundles). */
  readonly hugoSite?: boolean;
}

/** The target for a file named `fileName` under the settings, from the document's place. */
export function targetFor(config: InsertConfig, located: Located, fileName: string, now: Date): DownloadTarget {
  return downloadTarget({
    downloadFolder: config.downloadFolder,
    copyFiles: config.copyFilesDestination,
    doc: located.location,
    fileName,
    now,
    siteFolder: { folder: config.siteFolder, urlPath: config.siteUrlPath },
    pageBundles: config.pageBundles,
    hugoSite: located.hugoSite === true,
  });
}

/** Whether `folder` (a workspace folder) holds a Hugo configuration at its root. */
export async function isHugoSite(folder: vscode.Uri): Promise<boolean> {
  const found = await Promise.all(
    HUGO_CONFIG_FILES.map((name) =>
      Promise.resolve(vscode.workspace.fs.stat(vscode.Uri.joinPath(folder, name))).then(
        (stat) => (stat.type & vscode.FileType.File) !== 0,
        () => false,
      ),
    ),
  );
  return found.includes(true);
}

/** The folder files are saved into, as the user knows it: from the workspace folder's name. */
export function shownFolder(folder: string, root: string): string {
  return folder === root ? basename(root) || folder : `${basename(root)}/${relativePath(root, folder)}`;
}

function locate(document: vscode.TextDocument): (Located & { readonly note?: string }) | { readonly reason: string } {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (document.isUntitled) {
    const folder = folders[0];
    if (!folder) return { reason: vscode.l10n.t('The document is not saved and no folder is open, so the file was linked instead of saved.') };
    return {
      location: {
        path: `${folder.uri.path.replace(/\/$/, '')}/${basename(document.uri.path) || 'Untitled'}`,
        workspaceFolder: folder.uri.path,
        workspaceFolders: folders.map((f) => f.uri.path),
      },
      base: folder.uri,
      note: vscode.l10n.t('The document is not saved yet, so the file went into the folder “{0}” and the link is relative to it.', folder.name),
    };
  }
  if (vscode.workspace.fs.isWritableFileSystem(document.uri.scheme) === false) {
    return {
      reason: vscode.l10n.t('Files cannot be written next to this document ({0}:), so the file was linked instead of saved.', document.uri.scheme),
    };
  }
  const own = vscode.workspace.getWorkspaceFolder(document.uri);
  const sameFs = folders.filter((f) => f.uri.scheme === document.uri.scheme && f.uri.authority === document.uri.authority);
  return {
    location: { path: document.uri.path, workspaceFolder: own?.uri.path, workspaceFolders: sameFs.map((f) => f.uri.path) },
    base: document.uri,
  };
}

/** Why files may not be saved at `target` (outside every workspace folder, or out through a link), or undefined. */
export async function refusedDestination(target: DownloadTarget, base: vscode.Uri, platform: HostPlatform): Promise<string | undefined> {
  const source = target.source === 'default' || target.source === 'pageBundle' ? undefined : target.source;
  if (target.problem === 'urlPath') {
    return vscode.l10n.t('The setting {0} is not a path on the site (like /images), so the file was linked instead of saved.', target.source);
  }
  if (target.problem === 'home' && source) {
    return vscode.l10n.t('The setting {0} starts with “~”, which does not mean your home folder here, so the file was linked instead of saved.', source);
  }
  if (target.problem !== undefined || target.root === undefined) {
    return source
      ? vscode.l10n.t('The setting {0} points outside the workspace folders, so the file was linked instead of saved.', source)
      : vscode.l10n.t('The folder for saved files is outside the workspace folders, so the file was linked instead of saved.');
  }
  const folder = base.with({ path: dirname(target.path), query: '', fragment: '' });
  // The folder's real path is what counts: a file is never written through a link at its own
  // name (writeNewFile.ts and saveStream.ts give a new file its name only when the name is free).
  // A file named like `.git` is refused too: git reads such a file as a pointer to a repository.
  const problem = inGitFolder(basename(target.path)) ? 'gitFolder' : await containmentProblem(folder, base.with({ path: target.root, query: '', fragment: '' }), platform.disk);
  switch (problem) {
    case 'gitFolder':
      return vscode.l10n.t(
        'The folder for saved files, {0}, is in a .git folder, which belongs to Git, so the file was linked instead of saved.',
        shownFolder(dirname(target.path), target.root),
      );
    case 'leaves':
      return vscode.l10n.t('The folder for saved files leads out of the workspace folder through a symbolic link, so the file was linked instead of saved.');
    case 'uncheckedLink':
      return vscode.l10n.t(
        'The folder for saved files is reached through a symbolic link, and where it leads cannot be checked here, so the file was linked instead of saved.',
      );
    case undefined:
      return undefined;
  }
}

/** What deciding where to save needs from the inserter. */
export interface SaveScope {
  readonly trusted: boolean;
  readonly platform: HostPlatform;
  readonly now: Date;
}

/**
 * Where the plans' files would go, checked before anything is downloaded (`probe`: the target
 * of a file named `file`), or why they are linked instead. `notes` hears what the user is told
 * either way.
 */
export async function whereToSave(
  plans: readonly InsertPlan[],
  document: vscode.TextDocument,
  config: InsertConfig,
  scope: SaveScope,
  notes: string[],
): Promise<{ located: Located; probe: DownloadTarget } | undefined> {
  if (!scope.trusted) return void notes.push(untrustedNote(plans));
  if (plans.some((p) => p.uses.url && p.facts.fileType === 'application/x-mpegURL')) return void notes.push(hlsNote());
  const located = locate(document);
  if ('reason' in located) return void notes.push(located.reason);
  if (located.note) notes.push(located.note);
  const own = located.location.workspaceFolder;
  const hugoSite = config.pageBundles && own !== undefined ? await isHugoSite(located.base.with({ path: own, query: '', fragment: '' })) : false;
  const placed: Located = { location: located.location, base: located.base, hugoSite };
  const probe = targetFor(config, placed, 'file', scope.now);
  const refused = await refusedDestination(probe, located.base, scope.platform);
  if (refused) return void notes.push(refused);
  return { located: placed, probe };
}

/** What a saved file's name is made from: the plan's facts, with `size` the file's role (`1280w`, `poster`). */
export function nameFactsOf(plan: InsertPlan, size: string, serviceName: string): NameFacts {
  const { facts } = plan;
  return { alt: facts.alt, id: facts.id, author: facts.author, width: facts.pixelWidth, height: facts.pixelHeight, size, serviceName };
}

/**
 * Asks for the saved file's name (Insert as…), filled in by the naming rule with the
 * extension the address suggests; undefined when the user pressed Escape. A name must stay
 * a plain file name in the folder the settings chose (the same destination rules as always).
 */
export async function askSavedName(
  plan: InsertPlan,
  serviceName: string,
  located: Located,
  config: InsertConfig,
  probe: DownloadTarget,
  now: () => Date,
): Promise<string | undefined> {
  const guessed = extensionFor(undefined, plan.facts.url, plan.facts.fileType) ?? (plan.facts.kind === 'photo' ? 'jpg' : 'mp4');
  const prefill = fileNameFromTemplate(config.fileName, nameFactsOf(plan, plan.facts.variant, serviceName), guessed);
  const folder = dirname(probe.path);
  const where = (typed: string): string | undefined => {
    const target = targetFor(config, located, savedFileName(typed, guessed), now());
    return target.problem === undefined && target.root !== undefined && dirname(target.path) === folder
      ? undefined
      : vscode.l10n.t('That name would put the file outside the folder for saved files.');
  };
  return askFileName(prefill, shownFolder(folder, probe.root ?? folder), where);
}
