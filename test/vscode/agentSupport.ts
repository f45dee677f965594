// What the agent tools' suites share (agentTools.test.ts, agentPick.test.ts…): a tool called as
// the agent calls it, through `vscode.lm.invokeTool`, and its answer or its refusal as the model
// reads them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/** A tool's answer as the model reads it: its text parts joined, and how many image parts came with it. */
export async function invoke(name: string, input: object, token?: vscode.CancellationToken): Promise<{ text: string; images: number }> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token);
  const text = result.content
    .filter((part): part is vscode.LanguageModelTextPart => part instanceof vscode.LanguageModelTextPart)
    .map((part) => part.value)
    .join('\n');
  return { text, images: result.content.length - result.content.filter((part) => part instanceof vscode.LanguageModelTextPart).length };
}

/** The message a tool's failure carries (what the model reads), or a failure of the test when it did not fail. */
export async function refusal(name: string, input: object, token?: vscode.CancellationToken): Promise<string> {
  try {
    await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return assert.fail(`${name} did not refuse ${JSON.stringify(input)}`);
}
