// The agent's tools (package.json `languageModelTools`), registered at activation as the
// commands are, each calling the same feature functions as its command: search and look-up
// (searchTools.ts), the grid's choose mode (pickTool.ts), insert and cover (writeTools.ts), the
// credit check (creditTools.ts). A tool's module is evaluated on its first call. Where this
// VS Code has no `vscode.lm.registerTool` (an older one, a host without it) nothing is
// registered and nothing else changes.
import * as vscode from 'vscode';
import type { ToolName } from '../../core/agent/toolInput';
import type { Container } from '../container';
import type { AgentTool } from './tool';

/** Each tool's module, loaded on its first call. */
const TOOLS: Record<ToolName, () => Promise<AgentTool>> = {
  stockMedia_search: async () => (await import('./searchTools')).SEARCH_TOOL,
  stockMedia_getMedia: async () => (await import('./searchTools')).GET_MEDIA_TOOL,
  stockMedia_pickMedia: async () => (await import('./pickTool')).PICK_TOOL,
  stockMedia_insert: async () => (await import('./writeTools')).INSERT_TOOL,
  stockMedia_setCover: async () => (await import('./writeTools')).SET_COVER_TOOL,
  stockMedia_checkCredits: async () => (await import('./creditTools')).CHECK_CREDITS_TOOL,
  stockMedia_addCredits: async () => (await import('./creditTools')).ADD_CREDITS_TOOL,
};

export function registerAgentTools(context: vscode.ExtensionContext, container: Container): void {
  const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
  if (typeof lm?.registerTool !== 'function') return;
  for (const [name, load] of Object.entries(TOOLS)) {
    context.subscriptions.push(
      lm.registerTool<unknown>(name, {
        prepareInvocation: async (options) => (await load()).prepare(container, options.input),
        invoke: async (options, token) => (await load()).invoke(container, options.input, token),
      }),
    );
  }
}
