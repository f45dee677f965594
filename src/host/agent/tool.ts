// The shape of one agent tool (agentTools.ts registers each): the message shown while it runs
// (with the confirmation a write asks for), and the call itself.
import * as vscode from 'vscode';
import type { WriteMessages } from '../../core/agent/confirmText';
import type { Container } from '../container';

export interface AgentTool {
  prepare(container: Container, input: unknown): vscode.PreparedToolInvocation | Promise<vscode.PreparedToolInvocation>;
  invoke(container: Container, input: unknown, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult>;
}

/** A write's prepared invocation: the message while it runs, and what the person confirms (core/agent/confirmText.ts). */
export function confirmedWrite(messages: WriteMessages): vscode.PreparedToolInvocation {
  return { invocationMessage: messages.invocationMessage, confirmationMessages: { title: messages.title, message: new vscode.MarkdownString(messages.markdown) } };
}
