// The one MediaClient of the features, made on first use. It always runs with the current
// settings (checked on every read, so no listener order can let a request go out with the
// old ones), reports its quota to `Services`, and never reuses an answer got with another key.
// Its answers are also kept across restarts (core/answerStore.ts, in global storage).
import { MediaClient } from '../../api/client';
import { AnswerStore } from '../../core/answerStore';
import { keyForOrigin } from '../../core/keyBinding';
import { trustedUrls } from '../../core/trustedUrls';
import { answerFileIn } from './answerFile';
import type { StockMediaConfig } from '../common/config';
import { Disposable } from '../common/dispose';
import type * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import type { HostPlatform } from '../platform';
import type { QuotaStore } from '../status/quota';
import type { BoundKey } from '../../core/keyBinding';

/** What the client needs of the services, which makes it (services.ts `api`). */
export interface ClientShell {
  readonly config: StockMediaConfig;
  readonly keys: { stored(): Promise<BoundKey | undefined> };
  readonly quota: Pick<QuotaStore, 'current' | 'update' | 'countRequest' | 'setReachable'>;
  readonly logger: Logger;
  readonly context: Pick<vscode.ExtensionContext, 'globalStorageUri'>;
  readonly platform: HostPlatform;
  readonly onDidChangeKey: vscode.Event<void>;
}

export class ClientSource extends Disposable {
  private instance: MediaClient | undefined;
  /** The settings the client was made or last updated with. */
  private madeWith: StockMediaConfig | undefined;

  constructor(private readonly services: ClientShell) {
    super();
    // Before anything reloads for the new key: no answer got with the old key is reused,
    // and what is still on its way for the old key is stopped and never delivered.
    this._register(
      services.onDidChangeKey(() => {
        this.instance?.abortAll();
        this.instance?.clearCache();
      }),
    );
  }

  get client(): MediaClient {
    const cfg = this.services.config;
    if (!this.instance) {
      // Made with the client, read at its first look-up: activation never touches the file.
      const store = new AnswerStore({
        file: answerFileIn(this.services.context.globalStorageUri),
        ttlMs: cfg.cacheTtlMs,
        logger: this.services.logger,
      });
      // What is not written yet is written when the window closes.
      this._register({ dispose: () => void store.flush() });
      const client = new MediaClient({
        ...trustedUrls(cfg).api,
        // The key only for an origin it was checked with; any other is refused before sending.
        keyProvider: { getKey: async (origin) => keyForOrigin(await this.services.keys.stored(), origin) },
        logger: this.services.logger,
        cacheTtlMs: cfg.cacheTtlMs,
        timeoutMs: cfg.timeoutMs,
        browserHost: this.services.platform.name === 'web',
        store,
      });
      client.seedQuota(this.services.quota.current);
      this._register(client.onQuota((snapshot) => this.services.quota.update(snapshot)));
      this._register(client.onRequestSent(() => this.services.quota.countRequest()));
      // No answer at all: the status bar shows the last known figure as such, with its age.
      this._register(client.onReachability((reached) => this.services.quota.setReachable(reached)));
      this.instance = client;
    } else if (this.madeWith !== cfg) {
      this.instance.updateOptions({ ...trustedUrls(cfg).api, cacheTtlMs: cfg.cacheTtlMs, timeoutMs: cfg.timeoutMs });
    }
    this.madeWith = cfg;
    return this.instance;
  }
}
