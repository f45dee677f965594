// The API key lives only in SecretStorage (the OS keychain where there is one).
import * as vscode from 'vscode';
import type { KeyProvider } from '../core/logger';

export const API_KEY_SECRET = 'stockMedia.apiKey';

export class ApiKeyStore implements KeyProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the key is set or cleared, in this window or another. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key === API_KEY_SECRET) this.changed.fire();
    });
  }

  async getKey(): Promise<string | undefined> {
    const key = await this.secrets.get(API_KEY_SECRET);
    return key && key.trim() !== '' ? key : undefined;
  }

  async hasKey(): Promise<boolean> {
    return (await this.getKey()) !== undefined;
  }

  async setKey(key: string): Promise<void> {
    await this.secrets.store(API_KEY_SECRET, key.trim());
  }

  async clearKey(): Promise<void> {
    await this.secrets.delete(API_KEY_SECRET);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
