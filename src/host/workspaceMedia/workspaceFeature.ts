// In This Workspace's features: the model (made when the view first asks for its rows: the
// scan runs then, never at activation), the rows, and what its commands do
// (workspaceMedia/workspaceCommands.ts reads their arguments).
import * as vscode from 'vscode';
import type { MediaKind } from '../../core/model';
import type { Services } from '../services';
import type { MediaLookup } from '../credits/lookup';
import { showFailure } from '../key/failureNotice';
import type { FixOutcome } from './fixCredits';
import { addMissingCredits } from './fixCredits';
import { WorkspaceMediaModel } from './model';
import type { WorkspaceMediaNode, WorkspaceTreeHandles } from './nodes';
import { WorkspaceMediaProvider } from './tree';
import type { StarredMedia } from './tree';

export function createWorkspaceFeature(
  services: Services,
  lookup: MediaLookup,
  tree: WorkspaceTreeHandles,
  /** Shows one media in the grid (Open Photo or Video's single mode). */
  openInGrid: (ref: { kind: MediaKind; id: number }) => Promise<unknown>,
  /** The user's starred media: a row's menu offers Star or Unstar. */
  starred: StarredMedia,
) {
  const model = new WorkspaceMediaModel(services, lookup, () => tree.view.visible);
  const provider = new WorkspaceMediaProvider(services, model, tree, starred);

  /** Add Missing Credits: the media looked up (free when known), then every file using it fixed, one undo each. */
  const addCredits = async (node: WorkspaceMediaNode): Promise<FixOutcome | undefined> => {
    await model.ready();
    const group = model.group(node.key);
    if (!group) return undefined;
    const found = await lookup.get(group.kind, group.id);
    if (!found.ok) {
      void showFailure(services, found.error, (message) => vscode.l10n.t('Could not look up the media: {0}', message));
      return undefined;
    }
    const outcome = await addMissingCredits(services, group, found.media);
    await Promise.all(outcome.files.map((uri) => model.reread(vscode.Uri.parse(uri))));
    return outcome;
  };

  return {
    provider,
    model,
    addCredits,
    openInGrid: (node: WorkspaceMediaNode) => openInGrid(node.ref),
    refresh: () => model.refresh(),
    disposables: [provider, model],
  };
}
