// What In This Workspace knows of each media it lists (model.ts): the answers of the credit
// check's look-ups (credits/lookup.ts), each media asked for once, found or failed; its row's
// label and the names a credit must give. A media the client knows costs nothing; the others
// are asked for a few at a time, as the model allows.
import * as vscode from 'vscode';
import type { CreditNames } from '../../core/creditCheck';
import { creditFacts } from '../../core/insert/facts';
import { mediaLabel } from '../../core/mediaText';
import type { MediaItem, MediaKind } from '../../core/model';
import type { MediaGroup } from '../../core/workspaceMedia';
import { creditNames } from '../credits/credits';
import type { LookupResult, MediaLookup } from '../credits/lookup';
import type { Services } from '../services';

/** A media as looked up: its key (`kind:id`), kind and id. */
export type MediaRef = Pick<MediaGroup, 'key' | 'kind' | 'id'>;

/** Look-ups of unknown media under way at once (the look-ups' own queue sends one request at a time). */
const LOOKUPS_AT_ONCE = 4;

/** The media's row: its label in the collections tree when known, else its reference. */
export function mediaRowLabel(kind: MediaKind, id: number, media: MediaItem | undefined): string {
  if (media) return mediaLabel(media);
  return kind === 'photo' ? vscode.l10n.t('Photo {0}', id) : vscode.l10n.t('Video {0}', id);
}

export class KnownMedia {
  private readonly facts = new Map<string, MediaItem>();
  /** Media whose look-up was answered (found or failed): never asked again. */
  private readonly asked = new Set<string>();

  constructor(
    private readonly services: Services,
    private readonly lookup: MediaLookup,
    private readonly stopped: () => boolean,
  ) {}

  get(kind: MediaKind, id: number): MediaItem | undefined {
    return this.facts.get(`${kind}:${id}`);
  }

  /** Whether the media was looked up and not found (it is not asked for again). */
  failed(kind: MediaKind, id: number): boolean {
    const key = `${kind}:${id}`;
    return this.asked.has(key) && !this.facts.has(key);
  }

  /** The media (groups or references) neither known nor asked for. */
  unknown<G extends MediaRef>(groups: readonly G[]): G[] {
    return groups.filter((g) => !this.facts.has(g.key) && !this.asked.has(g.key));
  }

  /** The media the client knows, all at once: free, no request. True when one was found (to be shown). */
  async lookUpKnown(groups: readonly MediaRef[]): Promise<boolean> {
    const free = await Promise.all(groups.map(async (g) => [g, await this.lookup.background(g.kind, g.id, { mayRequest: false })] as const));
    return free.map(([g, result]) => this.keepAnswer(g, result)).includes(true);
  }

  /**
   * The media of `wanted`, a few at a time, `found` told of each found; one may cost a request
   * when `mayRequest` says so as its turn comes, leaving `leave` of the look-ups' hourly budget.
   */
  async lookUpEach(wanted: readonly MediaRef[], mayRequest: (media: MediaRef) => boolean, found: (media: MediaRef) => void, leave = 0): Promise<void> {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < wanted.length && !this.stopped()) {
        const g = wanted[next++] as MediaRef;
        // Held back when the model says so (not visible, no longer used, being typed), or by the budget or quota.
        if (this.keepAnswer(g, await this.lookup.background(g.kind, g.id, { mayRequest: mayRequest(g), leave }))) found(g);
      }
    };
    await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, wanted.length) }, worker));
  }

  namesOf(kind: MediaKind, id: number): CreditNames | undefined {
    const media = this.get(kind, id);
    if (!media) return undefined;
    const cfg = this.services.config;
    return creditNames(creditFacts(media, { serviceName: cfg.serviceName, serviceUrl: cfg.serviceUrl }));
  }

  labelOf(kind: MediaKind, id: number): string {
    return mediaRowLabel(kind, id, this.get(kind, id));
  }

  /** Keeps a look-up's answer; true when it found the media. Held back (no answer): asked again at the next change or showing. */
  private keepAnswer(g: MediaRef, result: LookupResult | undefined): boolean {
    if (!result) return false;
    this.asked.add(g.key);
    if (result.ok) this.facts.set(g.key, result.media);
    return result.ok;
  }
}
