// The shape of one agent tool (agentTools.ts registers each): the message shown while it runs
// (with the confirmation a write asks for), and the call itself.
import type * as vscode from 'vscode';
import type { Container } from '../container';

export interface AgentTool {
  prepare(container: Container, input: unknown): vscode.PreparedToolInvocation | Promise<vscode.PreparedToolInvocation>;
  invoke(container: Container, input: unknown, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult>;
}
