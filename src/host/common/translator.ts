// core formats its messages through a translator it is given: this hands it VS Code's.
// Each bundle (activation, features) has its own copy of core, so each entry calls this.
import * as vscode from 'vscode';
import { setTranslator } from '../../core/l10n';

export function useVsCodeTranslator(): void {
  setTranslator((message, ...args) => vscode.l10n.t(message, ...args), vscode.env.language);
}
