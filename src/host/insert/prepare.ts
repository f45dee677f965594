// The one way chosen media become what a writer puts into a document (the snippet writer,
// inserter.ts: insert, paste, drop; the front-matter writer, host/cover/): the size and alt text
// asked for when the user chooses (Insert as…, Set as Cover Image…), each item's plan, and with
// mode `download` the files saved into the workspace with the ledger that takes them back, else
// links with a note why. A failed save returns the name typed; its writer builds the Retry.
import * as vscode from 'vscode';
import type { FormatFamily } from '../../core/insert/languages';
import { formatFamily } from '../../core/insert/languages';
import { InsertError } from '../../core/insert/insertError';
import { fileNameTemplateProblem } from '../../core/insert/naming';
import type { Piece } from '../../core/insert/pieces';
import type { InsertPlan, LocalAssets } from '../../core/insert/plan';
import { renderPlan } from '../../core/insert/plan';
import type { PhotoSizeResult } from '../../core/insert/sizes';
import type { MediaItem } from '../../core/model';
import type { InsertArgs } from '../common/commandArgs';
import { Disposable } from '../common/dispose';
import type { HostPlatform } from '../platform';
import type { Services } from '../services';
import { askAltText } from './askAltTextAndName';
import { pickVariant } from './pickVariant';
import type { PickPurpose, VariantChoice } from './pickVariant';
import { planFor } from './documentPlan';
import { askSavedName, whereToSave } from './saveDestination';
import type { Saving } from './downloadIntoWorkspace';
import { downloadIntoWorkspace, workspaceLedger } from './downloadIntoWorkspace';
import type { SavedFile } from './writeNewFile';
import type { InsertConfig, InsertMode } from './settings';
import { WrittenFiles } from './writtenFiles';

/** What the pipeline needs from outside, replaceable in tests (the test host runs with trust off). */
export interface PipelineDeps {
  isTrusted(): boolean;
  readonly fetch: typeof fetch;
  now(): Date;
  /** Write downloads into `file:` folders piece by piece (the default, where the platform can) rather than whole from memory. */
  readonly streamToDisk?: boolean;
  /** What the host can do (platform/): the running host's unless a test says otherwise. */
  readonly platform?: HostPlatform;
}

export const defaultPipelineDeps: PipelineDeps = {
  isTrusted: () => vscode.workspace.isTrusted,
  fetch: (input, init) => fetch(input, init),
  now: () => new Date(),
};

/** The media chosen, the settings and language they go in with, and the mode (`download`: saved when saving is possible). */
interface MediaRequest {
  readonly items: readonly InsertArgs[];
  readonly languageId: string;
  readonly config: InsertConfig;
  readonly mode: InsertMode;
}

/** What the user is asked for (Insert as…, Set as Cover Image…): the size or video file (each with its file's size when saving), then one item's alt text. */
export interface ChooseRequest extends MediaRequest {
  /** The size the picker starts from (the setting's when not given); `false`: no picker (a cover's video is its poster). */
  readonly sizes?: PhotoSizeResult | false;
  /** A page's cover (its words, the cover's size) rather than an insert. */
  readonly purpose?: PickPurpose;
  /** Whether the alt text is asked (one item); not for a cover whose fields hold none. */
  readonly askAlt?: boolean;
  /** What stays chosen when nothing is picked (a cover's size). */
  readonly choice?: VariantChoice;
}

export type Chosen =
  | { readonly status: 'chosen'; readonly items: readonly InsertArgs[]; readonly choice: VariantChoice }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly error: unknown };

export interface PrepareRequest extends MediaRequest {
  readonly choice: VariantChoice;
  /** The document the product goes into: links are relative to it, files are saved for it. */
  readonly document: vscode.TextDocument;
  /** One item saved: its file's name is asked first (Insert as…), or `typed` is used (that insert's Retry). */
  readonly name?: { readonly typed?: string };
  readonly token?: vscode.CancellationToken;
  /** Save with no progress notification (the agent's tools: the chat shows their progress). */
  readonly quiet?: boolean;
}

/** The product a writer applies. */
export interface Prepared {
  readonly plans: readonly InsertPlan[];
  readonly pieces: readonly Piece[][];
  readonly family: FormatFamily;
  readonly files: readonly SavedFile[];
  /** Each item's saved files, as links relative to the document (none when linked). */
  readonly locals: readonly LocalAssets[];
  /** What the save wrote, to take back when nothing will link to it (the editor refused, a drop was cancelled). */
  readonly written?: WrittenFiles;
}

/** `notes`: what the user is to be told (why a file was linked instead, where it went). `save`: the save itself failed (nothing of it stayed), with the name typed for Insert as…. */
export type PrepareResult = { readonly notes: readonly string[] } & (
  | { readonly status: 'prepared'; readonly prepared: Prepared }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly error: unknown; readonly save?: { readonly typed: string | undefined } }
);

export class MediaPipeline extends Disposable {
  private readonly used = this._register(new vscode.EventEmitter<readonly MediaItem[]>());
  /** Media inserted, set as a cover, saved or copied (what Recent lists), newest first. */
  readonly onDidUse = this.used.event;

  constructor(
    readonly services: Services,
    readonly deps: PipelineDeps = defaultPipelineDeps,
  ) {
    super();
  }

  /** What a writer used. */
  use(media: readonly MediaItem[]): void {
    this.used.fire(media);
  }

  /** Asks the size or video file, then (one item) the alt text, filled in as it would be written; Escape cancels. */
  async choose(request: ChooseRequest): Promise<Chosen> {
    const { items, config } = request;
    const [first] = items;
    let choice: VariantChoice = request.choice ?? {};
    if (!first) return { status: 'chosen', items, choice };
    if (request.sizes !== false) {
      // Files to be saved (and saving possible): each size shows its file's size.
      const saves = request.mode === 'download' && this.deps.isTrusted();
      const fileSizes = saves ? { fetch: this.deps.fetch, timeoutMs: Math.min(5000, this.services.config.timeoutMs) } : undefined;
      const sized = request.sizes ?? config.photoSize;
      const from = request.sizes ? 'cover' : config.photoSizeSet ? 'setting' : 'default';
      const start = 'size' in sized ? { size: sized.size, from } as const : undefined;
      const picked = await pickVariant(first.media, { purpose: request.purpose ?? 'insert', start, videoQuality: config.videoQuality, fileSizes });
      if (!picked) return { status: 'cancelled' };
      choice = picked;
    }
    if (items.length !== 1 || request.askAlt === false) return { status: 'chosen', items, choice };
    let prefill: string;
    try {
      prefill = planFor(this.services, first, choice, request.languageId, config).facts.alt;
    } catch (error) {
      return { status: 'failed', error };
    }
    const alt = await askAltText(first.media.kind, prefill, request.purpose ?? 'insert');
    if (alt === undefined) return { status: 'cancelled' };
    return { status: 'chosen', items: [{ ...first, alt }], choice };
  }

  /**
   * Plans the items and renders them, first saving the files they link to when the mode is
   * `download` and saving is possible; otherwise links, with a note saying why.
   */
  async prepare(request: PrepareRequest): Promise<PrepareResult> {
    const notes: string[] = [];
    try {
      const done = await this.planAndSave(request, notes);
      if (done === undefined) return { status: 'cancelled', notes };
      if ('failed' in done) return { status: 'failed', error: done.failed, notes, save: { typed: done.typed } };
      return { status: 'prepared', prepared: done, notes };
    } catch (error) {
      if (error instanceof vscode.CancellationError) return { status: 'cancelled', notes };
      return { status: 'failed', error, notes };
    }
  }

  /** The product; undefined when cancelled; the save's InsertError (nothing of it stayed) with the name it was given. Throws for the steps before. */
  private async planAndSave(request: PrepareRequest, notes: string[]): Promise<Prepared | { failed: InsertError; typed: string | undefined } | undefined> {
    const { document, config, choice } = request;
    const plans = request.items.map((a) => planFor(this.services, a, choice, request.languageId, config));
    const family = plans[0]?.family ?? formatFamily(document.languageId);
    const linked = (): Prepared => ({ plans, pieces: plans.map((p) => renderPlan(p)), family, files: [], locals: [] });
    if (request.mode !== 'download') return linked();
    const badName = (): string | undefined => fileNameTemplateProblem(config.fileName);
    if (badName() !== undefined) throw new InsertError(() => badName() ?? '', { offerLink: true });
    const deps = this.deps;
    const saving: Saving = { services: this.services, platform: deps.platform ?? this.services.platform, fetch: deps.fetch, now: () => deps.now(), streamToDisk: deps.streamToDisk !== false };
    const where = await whereToSave(plans, document, config, { trusted: deps.isTrusted(), platform: saving.platform, now: saving.now() }, notes);
    if (!where) return linked();
    const { located, probe } = where;
    let typed = request.name?.typed;
    const only = plans.length === 1 ? plans[0] : undefined;
    if (request.name && only?.uses.url) {
      typed ??= await askSavedName(only, this.services.config.serviceName, located, config, probe, () => saving.now());
      if (typed === undefined) return undefined;
    }
    // What this insert writes, taken back if a later file fails, the user cancels, or nothing links to it.
    const written = new WrittenFiles(workspaceLedger(located.base));
    const saved = await downloadIntoWorkspace({ saving, plans, located, config, written, notes, token: request.token, typedName: typed, quiet: request.quiet === true }).catch((error: unknown) =>
      error instanceof InsertError ? { failed: error, typed } : Promise.reject(error),
    );
    if (!saved || 'failed' in saved) return saved;
    const { locals, files } = saved;
    return { plans, pieces: plans.map((p, i) => renderPlan(p, locals[i])), family, files, locals, written };
  }
}
