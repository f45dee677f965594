// The elements of In This Workspace: a media used by the workspace's files, and each of its
// uses. A media node names its media by reference (`ref`), which the media commands read
// (commandArgs.ts resolveMedia: looked up, from the cache when known).
import type { TreeChange } from '../common/lazyTreeView';
import type * as vscode from 'vscode';
import type { MediaKind } from '../../core/model';
import type { UseRow } from '../../core/workspaceMedia';

export interface WorkspaceMediaNode {
  readonly type: 'media';
  readonly id: string;
  /** `kind:id`: the group it shows (the model's). */
  readonly key: string;
  readonly ref: { readonly kind: MediaKind; readonly id: number };
}

export interface WorkspaceUseNode {
  readonly type: 'use';
  readonly id: string;
  readonly parent: WorkspaceMediaNode;
  readonly use: UseRow;
}

export type WorkspaceNode = WorkspaceMediaNode | WorkspaceUseNode;

/** The view, made at activation, and the emitter its change event comes from. */
export interface WorkspaceTreeHandles {
  readonly view: vscode.TreeView<WorkspaceNode>;
  readonly changed: vscode.EventEmitter<TreeChange<WorkspaceNode>>;
}
