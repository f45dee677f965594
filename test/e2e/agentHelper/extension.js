// Test-only, installed beside the extension by the e2e tests (harness AGENT_STAND_IN): the
// offline workbench has no chat model and no command that runs a language model tool, so these
// commands stand in for the agent. Each calls a tool through vscode.lm.invokeTool, as an agent's
// tool call does, and shows the tool's answer (what the model would read) in a notification:
// stockMedia_pickMedia (agentPick.e2e; the prompt holds markup: the grid must show it as text),
// and the writing tools (restrictedMode.e2e: they must refuse there).
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS extension, loaded as it is (no build)
const vscode = require('vscode');

const INPUT = { query: 'morning', prompt: 'A cover for the post about mornings <img src=x onerror=alert(1)>' };

/** Calls `tool` with `input` and shows its answer, or why it failed. */
async function call(tool, input) {
  try {
    const result = await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined });
    const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('\n');
    void vscode.window.showInformationMessage(`Tool answer: ${text}`);
  } catch (error) {
    void vscode.window.showErrorMessage(`Tool failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.commands.registerCommand('stockMediaTest.pickMedia', () => call('stockMedia_pickMedia', INPUT)),
    vscode.commands.registerCommand('stockMediaTest.insertMedia', () => call('stockMedia_insert', { ref: 'photo:1', file: 'trip.md', line: 1 })),
    vscode.commands.registerCommand('stockMediaTest.setCover', () => call('stockMedia_setCover', { ref: 'photo:1', file: 'trip.md' })),
    vscode.commands.registerCommand('stockMediaTest.addCredits', () => call('stockMedia_addCredits', {})),
  );
};
