// The extension's shared parts, each made the first time something reads it (the way GitLens's
// Container holds its services): the client, Recent and Starred, and each feature's working
// parts (grid, collections, insert, credits, In This Workspace). Activation makes only this
// object and the views; a feature's modules are required, and so evaluated (esbuild keeps a
// required module's code until then), by its getter here. Who calls what: each feature's
// commands file (grid/gridCommands.ts, insert/insertCommands.ts…) registers its commands, and
// its handlers call the feature's functions through these getters.
import * as vscode from 'vscode';
import type { MediaItem } from '../core/model';
import { mediaKey } from '../core/tiles';
import type { ClientSource } from './client/client';
import { openMediaArg } from './common/commandArgs';
import type { InsertArgs } from './common/commandArgs';
import { coverEditKind } from './cover/coverPasteKind';
import type { CoverHow, CoverOutcome } from './cover/setCover';
import type { IDisposable } from './common/dispose';
import { Disposable } from './common/dispose';
import type { Services } from './services';
import type { CollectionsTreeHandles } from './collections/collectionNodes';
import type { MediaDropProvider } from './insert/drop';
import type { MediaInserter } from './insert/inserter';
import type { MediaPasteProvider } from './insert/paste';
import type { MediaLists } from './library/mediaLists';
import type { WorkspaceTreeHandles } from './workspaceMedia/nodes';

/** How long the status bar says a media was starred or unstarred. */
const STAR_MESSAGE_MS = 3_000;

/* eslint-disable @typescript-eslint/no-require-imports -- each feature's modules are evaluated on its first use */
type GridFeature = ReturnType<typeof import('./grid/gridFeature').createGridFeature>;
type CollectionsFeature = ReturnType<typeof import('./collections/collectionsFeature').createCollectionsFeature>;
type CreditsFeature = ReturnType<typeof import('./credits/creditsFeature').createCreditsFeature>;
type WorkspaceFeature = ReturnType<typeof import('./workspaceMedia/workspaceFeature').createWorkspaceFeature>;

export class Container extends Disposable {
  private readonly made = new Map<string, unknown>();
  /** The views made at activation (their commands files set them): their rows come from the features. */
  collectionsTree: CollectionsTreeHandles | undefined;
  workspaceTree: WorkspaceTreeHandles | undefined;
  /** The kinds of the other edits a paste of media offers (the cover's, `insert`'s `coverPaste`): the paste provider is registered with them. */
  readonly pasteAlsoKinds = [coverEditKind()];

  constructor(readonly services: Services) {
    super();
  }

  /** Whether the part named `name` (a getter's name) has been made. */
  has(name: 'lists' | 'grid' | 'collections' | 'insert' | 'cover' | 'credits' | 'workspace'): boolean {
    return this.made.has(name);
  }

  /** The part `name`, made by `make` the first time (its disposables disposed with this container). */
  private once<T>(name: string, make: () => { part: T; disposables: readonly IDisposable[] }): T {
    if (this.made.has(name)) return this.made.get(name) as T;
    const { part, disposables } = make();
    this.made.set(name, part);
    for (const d of disposables) this._register(d);
    return part;
  }

  /** The one client every feature uses (made by `Services`: the key's commands use it too). */
  get api(): ClientSource {
    return this.services.api;
  }

  /** Recent and Starred. */
  get lists(): MediaLists {
    return this.once('lists', () => {
      const { MediaLists } = require('./library/mediaLists') as typeof import('./library/mediaLists');
      const lists = new MediaLists(this.services.globalState);
      return { part: lists, disposables: [lists] };
    });
  }

  /** The search grid: its panel, its searches, its tiles' actions (the same functions as the commands). */
  get grid(): GridFeature {
    return this.once('grid', () => {
      const { createGridFeature } = require('./grid/gridFeature') as typeof import('./grid/gridFeature');
      const lists = this.lists;
      const grid = createGridFeature(
        this.services,
        this.api,
        {
          insert: (args, how) => this.insert.inserter.insert([args], how === 'insertAs' ? { pick: true } : how === 'saveAndInsert' ? { mode: 'download' } : {}),
          setCover: (args, ask) => this.cover.setCover([args], ask ? { ask: true } : {}),
          copyUrl: (args) => this.insert.inserter.copyUrl(args),
          copyCredit: (args) => this.insert.inserter.copyCredit(args),
          openOnService: (args) => this.insert.inserter.openOnService(args),
          star: (media, on) => this.star([media], on),
        },
        lists,
      );
      // A grid showing Starred shows it as it is now; its tiles' … menus offer Star or Unstar as it is now.
      const restar = lists.starred.onDidChange(() => {
        const shown = grid.current();
        shown?.postStarred();
        if (shown?.state.session.spec?.mode === 'starred') void shown.start({ mode: 'starred' }, false);
      });
      return { part: grid, disposables: [...grid.disposables, restar] };
    });
  }

  /** The collections tree's rows and what its commands do. */
  get collections(): CollectionsFeature {
    return this.once('collections', () => {
      const { createCollectionsFeature } = require('./collections/collectionsFeature') as typeof import('./collections/collectionsFeature');
      if (!this.collectionsTree) throw new Error('The collections view is made at activation, before its rows');
      const collections = createCollectionsFeature(this.services, this.api, this.collectionsTree, (spec) => this.grid.show(spec), this.lists);
      return { part: collections, disposables: collections.disposables };
    });
  }

  /** Insert, copy and open; dropping media into editors; pasting a link of the service's media (its paste menu offers the cover too). */
  get insert(): { inserter: MediaInserter; drop: MediaDropProvider; paste: MediaPasteProvider } {
    return this.once('insert', () => {
      const { MediaInserter } = require('./insert/inserter') as typeof import('./insert/inserter');
      const { MediaDropProvider } = require('./insert/drop') as typeof import('./insert/drop');
      const { MediaPasteProvider } = require('./insert/paste') as typeof import('./insert/paste');
      const { coverPaste } = require('./cover/setCover') as typeof import('./cover/setCover');
      const inserter = new MediaInserter(this.services);
      const drop = new MediaDropProvider(inserter, () => this.services.config.serviceName);
      const paste = new MediaPasteProvider(this.services, this.api, inserter, [coverPaste]);
      // What was inserted, set as cover, saved or copied goes first in Recent. The client keeps
      // them as its answers too: opening one from Recent or Starred, after a restart too, costs
      // no request while that answer is fresh.
      const used = inserter.pipeline.onDidUse((media) => {
        this.lists.used(media);
        void this.api.client.remember(media);
      });
      return { part: { inserter, drop, paste }, disposables: [inserter, used] };
    });
  }

  /** Set as Cover Image: the media through the insert's pipeline, written into the front matter. */
  get cover(): { setCover(items: readonly InsertArgs[], how: CoverHow): Promise<CoverOutcome> } {
    return this.once('cover', () => {
      const { setCover } = require('./cover/setCover') as typeof import('./cover/setCover');
      return { part: { setCover: (items: readonly InsertArgs[], how: CoverHow) => setCover(this.insert.inserter.pipeline, items, how) }, disposables: [] };
    });
  }

  /** The service's media in documents: the look-ups, the hover, the credit check. */
  get credits(): CreditsFeature {
    return this.once('credits', () => {
      const { createCreditsFeature } = require('./credits/creditsFeature') as typeof import('./credits/creditsFeature');
      const credits = createCreditsFeature(this.services, this.api, (kind, id) => this.lists.starred.has(kind, id));
      return { part: credits, disposables: credits.disposables };
    });
  }

  /** In This Workspace: the scan's model, the rows and what its commands do. */
  get workspace(): WorkspaceFeature {
    return this.once('workspace', () => {
      const { createWorkspaceFeature } = require('./workspaceMedia/workspaceFeature') as typeof import('./workspaceMedia/workspaceFeature');
      if (!this.workspaceTree) throw new Error('In This Workspace is made at activation, before its rows');
      const openMedia = async (ref: { kind: 'photo' | 'video'; id: number }): Promise<unknown> => {
        const { openMediaCommand } = await import('./grid/searchCommands');
        return openMediaCommand(this.grid.deps, openMediaArg(ref));
      };
      const workspace = createWorkspaceFeature(this.services, this.credits.lookup, this.workspaceTree, openMedia, this.lists.starred);
      return { part: workspace, disposables: workspace.disposables };
    });
  }

  /** Stars (and remembers) or unstars the media; their keys. */
  async star(media: readonly MediaItem[], on: boolean): Promise<string[]> {
    if (on) {
      await this.lists.starred.add(media);
      await this.api.client.remember(media);
    } else {
      for (const m of media) await this.lists.starred.remove(mediaKey(m));
    }
    // Said where the person looks after a click (the grid's tile and the trees show it too).
    if (media.length > 0) {
      const text = on
        ? media.length === 1 ? vscode.l10n.t('Starred') : vscode.l10n.t('Starred {0}', media.length)
        : media.length === 1 ? vscode.l10n.t('Unstarred') : vscode.l10n.t('Unstarred {0}', media.length);
      vscode.window.setStatusBarMessage(`$(${on ? 'star-full' : 'star-empty'}) ${text}`, STAR_MESSAGE_MS);
    }
    return media.map(mediaKey);
  }
}
