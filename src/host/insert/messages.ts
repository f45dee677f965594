// The sentences an insert shows: its notes (why a file was linked instead of saved, where the
// text went instead of an editor), its progress title and its failures. Whole translated
// sentences per case (German articles differ by case), each shown inert as a whole: they quote
// templates, settings keys, file names and what a file server sent, and none of them holds a link.
import * as vscode from 'vscode';
import type { ErrorDescription } from '../../core/describe';
import { cleanServerText } from '../../core/errors';
import { inert } from '../../core/inert';
import { l10n } from '../../core/l10n';
import { isInsertError } from '../../core/insert/insertError';
import type { InsertPlan } from '../../core/insert/plan';

/** The longest note or failure shown, in characters. */
export const NOTE_MAX = 1000;

/** What is being inserted, for whole translated sentences. */
type Subject = { readonly kind: 'photo' | 'video' } | { readonly kind: 'items'; readonly count: number };

function subject(plans: readonly InsertPlan[]): Subject {
  if (plans.length > 1) return { kind: 'items', count: plans.length };
  return { kind: plans[0]?.facts.kind === 'video' ? 'video' : 'photo' };
}

export function copiedNote(plans: readonly InsertPlan[], format: string): string {
  const what = subject(plans);
  switch (what.kind) {
    case 'photo':
      return vscode.l10n.t('No editor is open, so the {0} for the photo was copied to the clipboard.', format);
    case 'video':
      return vscode.l10n.t('No editor is open, so the {0} for the video was copied to the clipboard.', format);
    case 'items':
      return vscode.l10n.t('No editor is open, so the {0} for the {1} items was copied to the clipboard.', format, what.count);
  }
}

export function untrustedNote(plans: readonly InsertPlan[]): string {
  const what = subject(plans);
  switch (what.kind) {
    case 'photo':
      return vscode.l10n.t('This workspace is not trusted, so the photo was inserted as a link instead of being saved into it.');
    case 'video':
      return vscode.l10n.t('This workspace is not trusted, so the video was inserted as a link instead of being saved into it.');
    case 'items':
      return vscode.l10n.t('This workspace is not trusted, so the {0} items were inserted as links instead of being saved into it.', what.count);
  }
}

export function savingTitle(plans: readonly InsertPlan[], files: number): string {
  if (files !== 1) return vscode.l10n.t('Saving {0} files into the workspace', files);
  const what = subject(plans);
  switch (what.kind) {
    case 'photo':
      return vscode.l10n.t('Saving the photo into the workspace');
    case 'video':
      return vscode.l10n.t('Saving the video into the workspace');
    case 'items':
      return vscode.l10n.t('Saving the {0} items into the workspace', what.count);
  }
}

export function hlsNote(): string {
  return vscode.l10n.t('An HLS stream is many files, not one, so it was inserted as a link instead of being saved.');
}

/** The note for a file too large to hold in a browser's memory (no streaming to disk there): it is linked instead. */
export function tooLargeForBrowserNote(kind: 'video' | 'image', limit: number): string {
  const megabytes = Math.round(limit / 1048576);
  return kind === 'video'
    ? vscode.l10n.t('The video is larger than {0} MB, and the browser cannot stream a file that large to disk, so it was inserted as a link instead of being saved.', megabytes)
    : vscode.l10n.t('The image is larger than {0} MB, and the browser cannot stream a file that large to disk, so it was inserted as a link instead of being saved.', megabytes);
}

/** A file server answered with something that is no image or video (its header quoted without markup). */
export function notMediaMessage(contentType: string | undefined): string {
  // core's l10n.t (vscode.l10n.t at run time): an InsertError says it in English too.
  return l10n.t(
    'The server sent “{0}”, not an image or video, so nothing was saved or inserted.',
    cleanServerText(contentType ?? '', 60) || l10n.t('no type'),
  );
}

/** A command got no media: says where to choose them, with Search Photos when `search` (the feature's own function) is given. Returns the sentence. */
export function showNoMedia(search?: () => unknown): string {
  const message = vscode.l10n.t('Choose a photo or video first: in the Stock Media view, or in the results of a search.');
  const label = vscode.l10n.t('Search Photos');
  void vscode.window.showInformationMessage(message, ...(search ? [label] : [])).then((picked) => {
    if (picked === label) void search?.();
  });
  return message;
}

export function editorRefusedMessage(): string {
  // core's l10n.t (vscode.l10n.t at run time): an InsertError says it in English too.
  return l10n.t('The editor did not accept the insert (is it read-only?).');
}

/** An insert's failure for the user: an InsertError's own sentence, anything else as what went wrong. Neither has an action. */
export function insertFailure(error: unknown): ErrorDescription {
  if (isInsertError(error)) return { message: inert(error.message, NOTE_MAX), actions: [] };
  return { message: vscode.l10n.t('Could not insert: {0}', inert(errorText(error))), actions: [] };
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
