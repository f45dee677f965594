// The rules every agent tool keeps, as the commands keep them: no key, nothing is sent (the
// answer says how to set one); the quota used up or low, no request (what the cache holds is
// still answered); Restricted Mode, nothing is written; a file named by the model must be a
// file of a workspace folder, reached without leaving it through a link, never in `.git`.
// Each refusal is an Error whose message says what to do instead: VS Code hands it to the model.
import * as vscode from 'vscode';
import { ToolInputError } from '../../core/agent/toolInput';
import { inGitFolder } from '../../core/gitFolder';
import { inEnglish } from '../../core/l10n';
import { quotaLevel } from '../../core/quota';
import { containmentProblem } from '../insert/containment';
import { describeFailure } from '../key/errorActions';
import type { Services } from '../services';

/** The sentence that tells how to set a key (a command the person runs: the model cannot). */
function setKeyAdvice(): string {
  return `Ask the person to run “Stock Media: Set API Key…” from the Command Palette, then try again.`;
}

/** Throws unless a key is stored: nothing is sent without one. */
export function needKey(services: Services): void {
  if (!services.hasKey) throw new Error(`${`No API key is set for the stock media service, so nothing was searched or sent.`} ${setKeyAdvice()}`);
}

/**
 * Whether the quota lets the tools spend a request: not when it is used up, nor when it is
 * low (under a tenth: what is left is kept for the person). The sentence says so and when it
 * resets; undefined when a request may be sent.
 */
export function quotaRefusal(services: Services, now = Date.now()): string | undefined {
  const snapshot = services.quota.current;
  const level = quotaLevel(snapshot, now);
  if (level !== 'exhausted' && level !== 'low') return undefined;
  const when = snapshot?.resetAt ? services.formatTime(snapshot.resetAt) : undefined;
  const left = snapshot ? snapshot.remaining : 0;
  const first =
    level === 'exhausted'
      ? `The stock media service’s request quota is used up.`
      : `Only ${left} requests of the stock media service’s quota are left: they are kept for the person, so the tools send none.`;
  const reset = when ? `It resets ${when}.` : '';
  return [first, reset, `Media already seen can still be used; nothing new was asked for.`].filter(Boolean).join(' ');
}

/** Throws in Restricted Mode: the tools that write refuse, as Write Credits File does. */
export function needTrust(): void {
  if (!vscode.workspace.isTrusted) {
    throw new Error(`This workspace is in Restricted Mode: the stock media tools write nothing here. The person can trust the folder (Manage Workspace Trust), then try again.`);
  }
}

/** A failure of the service (a MediaError or anything else) as the sentence the model gets, in English. */
export function failureText(services: Services, error: unknown): string {
  if (error instanceof ToolInputError) return error.message;
  const described = inEnglish(() => describeFailure(services, error));
  return described.actions.includes('setApiKey') ? `${described.message} ${setKeyAdvice()}` : described.message;
}

/**
 * The file `given` names (a path relative to a workspace folder, or a URI), when it is one of
 * a workspace folder's files: not outside every folder, not in `.git`, not reached through a
 * link that leaves the folder. Without `given`: the active editor's file. Throws a message
 * saying what to send instead (in the input's `field`).
 */
export async function workspaceFile(services: Services, given: string | undefined, field = 'file'): Promise<vscode.Uri> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  let uri: vscode.Uri | undefined;
  if (given === undefined) {
    uri = vscode.window.activeTextEditor?.document.uri;
    if (!uri) throw new ToolInputError(`No editor is active: send "${field}", a path relative to the workspace folder.`);
  } else if (/^[a-z][a-z0-9+.-]+:/i.test(given) && !/^[a-z]:[\\/]/i.test(given)) {
    try {
      uri = vscode.Uri.parse(given, true);
    } catch {
      throw new ToolInputError(`"${field}" is not a valid URI: send a path relative to the workspace folder.`);
    }
  } else {
    const relative = given.replace(/\\/g, '/').replace(/^\.\//, '');
    if (relative.startsWith('/') || /^[a-z]:\//i.test(relative) || relative.split('/').includes('..')) {
      throw new ToolInputError(`"${field}" must be a path inside the workspace folder, relative to it (no "..", not absolute).`);
    }
    const folder = folders.length === 1 ? folders[0] : folders.find((f) => relative.startsWith(`${f.name}/`));
    if (!folder) throw new ToolInputError(`"${field}" must start with the name of one of the workspace folders (${folders.map((f) => f.name).join(', ')}).`);
    uri = vscode.Uri.joinPath(folder.uri, folders.length === 1 ? relative : relative.slice(folder.name.length + 1));
  }
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) throw new ToolInputError(`"${field}" must be a file of the workspace: ${uri.scheme === 'file' ? uri.fsPath : uri.toString(true)} is outside every workspace folder.`);
  const inFolder = uri.path.slice(folder.uri.path.replace(/\/+$/, '').length + 1);
  const problem = inGitFolder(inFolder) ? 'gitFolder' : await containmentProblem(uri, folder.uri, services.platform.disk);
  if (problem === 'gitFolder') throw new ToolInputError(`"${field}" must not be in a .git folder: the tools never write there.`);
  if (problem) throw new ToolInputError(`"${field}" leads out of the workspace folder through a symbolic link: the tools write only inside it.`);
  return uri;
}
