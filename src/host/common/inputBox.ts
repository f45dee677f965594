// One input box for text the user types or corrects (the API key, Insert as…'s alt text and
// file name): filled in, checked as it changes, and accepted only when the check lets it.
import * as vscode from 'vscode';

/** What the box says under the value: a plain string or an Error message blocks Enter; Info and Warning do not. */
export type Check = (value: string) => string | vscode.InputBoxValidationMessage | undefined;

export interface TextBoxOptions {
  readonly title: string;
  readonly prompt: string;
  readonly value?: string;
  readonly selection?: readonly [number, number];
  readonly placeholder?: string;
  readonly password?: boolean;
  readonly check?: Check;
  /** Title-bar buttons and what each does; the box stays open meanwhile. */
  readonly buttons?: readonly { readonly button: vscode.QuickInputButton; run(): void }[];
}

/**
 * How long after the click the Welcome page takes the keyboard focus back (VS Code focuses the
 * selected step's row 250 ms after the click, when motion is not reduced), with room for the
 * message from the window to the extension host.
 */
const WELCOME_REFOCUS_MS = 400;

/**
 * Resolves when a quick input shown now keeps the keyboard focus. A walkthrough step's button
 * sits inside the step's row: the click runs the command and, bubbling up, selects the row,
 * which VS Code focuses a moment later. A box shown in between loses the focus to the row (with
 * `ignoreFocusOut` it stays open, and what the user types goes to the page; without it, it
 * closes). So while the active editor is one the API cannot describe (the Welcome page is one;
 * a text, notebook, webview or custom editor is not), the box is shown after that moment.
 */
export function focusSettled(): Promise<void> {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  if (!tab || tab.input !== undefined) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, WELCOME_REFOCUS_MS));
}

/** Shows `input` with the keyboard focus (see focusSettled); not at all if it was hidden or disposed meanwhile. */
export function showFocused(input: vscode.QuickInput): void {
  let gone = false;
  const hidden = input.onDidHide(() => (gone = true));
  void focusSettled().then(() => {
    hidden.dispose();
    if (!gone) input.show();
  });
}

function blocks(message: ReturnType<Check>): boolean {
  return typeof message === 'string' || message?.severity === vscode.InputBoxValidationSeverity.Error;
}

/** Resolves to the accepted value, or undefined when the user pressed Escape. */
export function askText(options: TextBoxOptions): Promise<string | undefined> {
  const box = vscode.window.createInputBox();
  box.title = options.title;
  box.prompt = options.prompt;
  box.value = options.value ?? '';
  if (options.selection) box.valueSelection = options.selection;
  if (options.placeholder !== undefined) box.placeholder = options.placeholder;
  box.password = options.password === true;
  box.ignoreFocusOut = true;
  box.buttons = (options.buttons ?? []).map((b) => b.button);
  const check = (value: string): ReturnType<Check> => options.check?.(value);
  // A box that starts empty says nothing until something is typed.
  if (box.value !== '') box.validationMessage = check(box.value);
  return new Promise((resolve) => {
    let accepted: string | undefined;
    box.onDidTriggerButton((pressed) => options.buttons?.find((b) => b.button === pressed)?.run());
    box.onDidChangeValue((value) => {
      box.validationMessage = check(value);
    });
    box.onDidAccept(() => {
      const message = check(box.value);
      box.validationMessage = message;
      if (blocks(message)) return;
      accepted = box.value;
      box.hide();
    });
    box.onDidHide(() => {
      box.dispose();
      resolve(accepted);
    });
    showFocused(box);
  });
}
