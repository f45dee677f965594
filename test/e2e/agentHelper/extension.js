// Test-only, loaded beside the extension by test/e2e/agentPick.e2e.ts (harness `extensions`):
// the offline workbench has no chat model and no command that runs a language model tool, so
// this command stands in for the agent. It calls stockMedia_pickMedia through
// vscode.lm.invokeTool, as an agent's tool call does, and shows the tool's answer (what the
// model would read) in a notification. The prompt holds markup: the grid must show it as text.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS extension, loaded as it is (no build)
const vscode = require('vscode');

const INPUT = { query: 'morning', prompt: 'A cover for the post about mornings <img src=x onerror=alert(1)>' };

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.commands.registerCommand('stockMediaTest.pickMedia', async () => {
      try {
        const result = await vscode.lm.invokeTool('stockMedia_pickMedia', { input: INPUT, toolInvocationToken: undefined });
        const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('\n');
        void vscode.window.showInformationMessage(`Tool answer: ${text}`);
      } catch (error) {
        void vscode.window.showErrorMessage(`Tool failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
};
