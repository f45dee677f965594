// The credits' commands and providers: Write Credits File, Insert credit line (the hover's link
// and the quick fix), and the hover, credit check and quick fixes on the service's media in
// documents (watch.ts). Their work is the credits feature's (credits/creditsFeature.ts), made by the
// container when a document first holds a media link.
import * as vscode from 'vscode';
import { creditLineArg } from '../common/commandArgs';
import { CommandId } from '../common/commandIds';
import type { CommandManager } from '../common/commandManager';
import type { Container } from '../container';
import { registerMediaDocuments } from './watch';

export function registerCreditsCommands(context: vscode.ExtensionContext, commands: CommandManager, container: Container): void {
  commands.register(CommandId.writeCreditsFile, async () => (await import('./writeCredits')).writeCreditsFile(container.services, container.api));
  commands.register(CommandId.addCreditLine, async (arg) => {
    const a = creditLineArg(arg);
    // Only a document that is open (the hover's): a link cannot open or create another one.
    const document = a && vscode.workspace.textDocuments.find((d) => d.uri.toString() === a.uri);
    return a && document ? container.credits.check.addCreditAt(document.uri, a.kind, a.id, a.offset) : false;
  });
  context.subscriptions.push(
    ...registerMediaDocuments(
      container.services,
      () => container.credits.documents,
      () => container.has('credits'),
    ),
  );
}
