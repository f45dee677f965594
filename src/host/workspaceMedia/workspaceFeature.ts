// In This Workspace's features: the model (made when the view first asks for its rows, or by
// the agent's credit tools: the scan runs then, never at activation), the rows, and what its
// commands do (workspaceMedia/workspaceCommands.ts reads their arguments; the agent's
// host/agent/creditTools.ts calls `fix` with the media of the files it was given).
import * as vscode from 'vscode';
import type { MediaKind } from '../../core/model';
import type { Services } from '../services';
import type { MediaLookup } from '../credits/lookup';
import { showFailure } from '../key/failureNotice';
import type { CreditFix, FixOutcome } from './fixCredits';
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

  /** Adds the missing credits of `fixes` (one undo step per file), then reads the files fixed again. */
  const fix = async (fixes: readonly CreditFix[], options: { readonly quiet?: boolean } = {}): Promise<FixOutcome> => {
    const outcome = await addMissingCredits(services, fixes, options);
    await Promise.all(outcome.files.map((uri) => model.reread(vscode.Uri.parse(uri))));
    return outcome;
  };

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
    return fix([{ group, media: found.media }]);
  };

  return {
    provider,
    model,
    addCredits,
    fix,
    openInGrid: (node: WorkspaceMediaNode) => openInGrid(node.ref),
    refresh: () => model.refresh(),
    disposables: [provider, model],
  };
}
