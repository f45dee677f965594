// In This Workspace's view and commands: Refresh, Add Missing Credits, Open in Grid. The view is
// made at activation; its rows (and the scan behind them) come from the feature
// (workspaceMedia/workspaceFeature.ts), which the container makes when the view first asks for rows.
import type * as vscode from 'vscode';
import { ownNode } from '../common/commandArgs';
import { CommandId, WORKSPACE_MEDIA_VIEW_ID } from '../common/commandIds';
import type { CommandManager } from '../common/commandManager';
import type { Container } from '../container';
import { lazyTreeView } from '../common/lazyTreeView';
import type { WorkspaceNode } from './nodes';

export function registerWorkspaceCommands(context: vscode.ExtensionContext, commands: CommandManager, container: Container): void {
  const rows = () => container.workspace.provider;
  const tree = lazyTreeView<WorkspaceNode>(WORKSPACE_MEDIA_VIEW_ID, rows, { showCollapseAll: true });
  container.workspaceTree = tree;
  const owns = (value: unknown): value is WorkspaceNode => rows().owns(value);
  commands.register(CommandId.workspaceMediaRefresh, () => container.workspace.refresh());
  commands.register(CommandId.workspaceMediaAddCredits, async (arg) => {
    const node = ownNode(arg, owns, 'media');
    return node ? container.workspace.addCredits(node) : undefined;
  });
  commands.register(CommandId.workspaceMediaOpenInGrid, async (arg) => {
    const node = ownNode(arg, owns, 'media');
    return node ? container.workspace.openInGrid(node) : undefined;
  });
  context.subscriptions.push(tree);
}
