// The insert feature's commands and providers: Insert, Insert as…, Save into Workspace and
// Insert, Copy URL, Copy Credit, Open on the service; media dropped into an editor; a link of
// the service's media pasted. Each handler calls the inserter (insert/inserter.ts) through the
// container, which makes it on first use.
import * as vscode from 'vscode';
import { formatLanguageIds } from '../../core/insert/languages';
import { mediaUrlOptions } from '../../core/mediaUrl';
import type { MediaRefMatch } from '../../core/mediaRefs';
import type { MediaUrlOptions } from '../../core/mediaUrl';
import { pastedMediaRef, unforwardedAddress } from '../../core/pastedMedia';
import { MEDIA_DROP_MIMES } from '../../shared/dnd';
import { CommandId } from '../common/commandIds';
import type { CommandManager } from '../common/commandManager';
import { CONFIG_SECTION } from '../common/config';
import type { Container } from '../container';
import { mediaEditKind } from './editKinds';
import type { InsertHow, InsertOutcome } from './inserter';
import type { MediaPasteEdit } from './paste';

/**
 * Pastes into documents that have an insert format: VS Code asks this for every paste of
 * text there, so only a clipboard holding one link of the service's media makes the inserter.
 * Offering the edit costs nothing; VS Code resolves only the edit it applies (insert/paste.ts).
 */
export function pasteProvider(container: Container): vscode.DocumentPasteEditProvider<MediaPasteEdit> {
  const kind = mediaEditKind();
  return {
    provideDocumentPasteEdits: async (document, ranges, dataTransfer, context, token) => {
      // Asked for one kind (Paste As…, `editor.pasteAs.preferences`): ours, or one of ours (the cover).
      if (context.only && !context.only.contains(kind) && !kind.contains(context.only)) return undefined;
      if (!vscode.workspace.getConfiguration(CONFIG_SECTION, document).get<boolean>('paste.enabled', true)) return undefined;
      const item = dataTransfer.get('text/plain');
      const text = item ? await Promise.resolve(item.asString()).catch(() => '') : '';
      const options = mediaUrlOptions(container.services.config);
      const ref = pastedMediaRef(text, options) ?? (await forwardedServiceRef(container.services.config.serviceUrl, text, options));
      if (!ref || token.isCancellationRequested) return undefined;
      return container.insert.paste.provideDocumentPasteEdits(document, ranges, ref, text, context);
    },
    resolveDocumentPasteEdit: (edit, token) => container.insert.paste.resolveDocumentPasteEdit(edit, token),
  };
}

/**
 * A page of a local service (the demo's, a sandbox on this machine) opened through the editor's
 * port forwarding has another address in the browser; pasted back, it is the service's page.
 * Only a lone http(s) link costs the look-up of the forwarded address.
 */
async function forwardedServiceRef(serviceUrl: string, text: string, options: MediaUrlOptions): Promise<MediaRefMatch | undefined> {
  if (!/^\s*https?:\/\/\S+\s*$/.test(text)) return undefined;
  const service = vscode.Uri.parse(serviceUrl);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(service.authority.replace(/:\d+$/, ''))) return undefined;
  const external = await Promise.resolve(vscode.env.asExternalUri(service)).catch(() => service);
  const address = unforwardedAddress(text, serviceUrl, external.toString(true));
  if (address === undefined) return undefined;
  const ref = pastedMediaRef(address, options);
  return ref && { ...ref, url: address };
}

export function registerInsertCommands(context: vscode.ExtensionContext, commands: CommandManager, container: Container): void {
  const insert = async (arg: unknown, selection: unknown, how: InsertHow): Promise<InsertOutcome> => {
    const { mediaOf } = await import('../mediaArgs');
    const media = await mediaOf(container, arg, selection, true);
    return Array.isArray(media) ? container.insert.inserter.insert(media, how) : media;
  };
  /** Copy URL, Copy Credit, Open on the service: the first media given. */
  const first = async (arg: unknown) => (await import('../mediaArgs')).firstMedia(container, arg);
  commands.register(CommandId.insert, (arg, selection) => insert(arg, selection, {}));
  commands.register(CommandId.insertAs, (arg, selection) => insert(arg, selection, { pick: true }));
  commands.register(CommandId.saveAndInsert, (arg, selection) => insert(arg, selection, { mode: 'download' }));
  commands.register(CommandId.copyUrl, async (arg) => {
    const media = await first(arg);
    return media && container.insert.inserter.copyUrl(media);
  });
  commands.register(CommandId.copyCredit, async (arg) => {
    const media = await first(arg);
    return media && container.insert.inserter.copyCredit(media);
  });
  commands.register(CommandId.openOnService, async (arg) => {
    const media = await first(arg);
    return media ? container.insert.inserter.openOnService(media) : false;
  });
  const paste = pasteProvider(container);
  context.subscriptions.push(
    vscode.languages.registerDocumentDropEditProvider(
      '*',
      {
        // VS Code asks this only for drops that carry our MIME types (the metadata below).
        provideDocumentDropEdits: (document, position, dataTransfer, token) =>
          MEDIA_DROP_MIMES.some((mime) => dataTransfer.get(mime) !== undefined)
            ? container.insert.drop.provideDocumentDropEdits(document, position, dataTransfer, token)
            : undefined,
      },
      { dropMimeTypes: MEDIA_DROP_MIMES, providedDropEditKinds: [mediaEditKind()] },
    ),
    vscode.languages.registerDocumentPasteEditProvider(formatLanguageIds().map((language) => ({ language })), paste, {
      providedPasteEditKinds: [mediaEditKind(), ...container.pasteAlsoKinds],
      pasteMimeTypes: ['text/plain'],
    }),
  );
}
