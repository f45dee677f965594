// Set and clear the API key. The key is checked with one cheap request before it is kept,
// and it is kept only in SecretStorage.
import * as vscode from 'vscode';
import { MediaClient } from '../../api/client';
import type { QuotaSnapshot } from '../../core/quota';
import { exhaustedSnapshot } from '../../core/quota';
import { toMediaError } from '../../core/errors';
import { CommandId } from '../commandIds';
import type { Services } from '../services';

export interface SetApiKeyArgs {
  key?: string;
}

export type SetApiKeyResult = { saved: true; quota?: QuotaSnapshot } | { saved: false; reason: string };

function keyFromArgs(args: unknown): string | undefined {
  if (typeof args === 'string') return args;
  if (typeof args === 'object' && args !== null && typeof (args as SetApiKeyArgs).key === 'string') {
    return (args as SetApiKeyArgs).key;
  }
  return undefined;
}

/** One request for one photo: the cheapest call that proves the key and returns the quota. */
async function checkKey(services: Services, key: string): Promise<QuotaSnapshot | undefined> {
  const cfg = services.config;
  const probe = new MediaClient({
    baseUrl: cfg.apiBaseUrl,
    videoBaseUrl: cfg.videoBaseUrl,
    keyProvider: { getKey: () => Promise.resolve(key) },
    logger: services.logger,
    cacheTtlMs: 0,
    timeoutMs: cfg.timeoutMs,
  });
  probe.seedQuota(services.quota.current);
  let seen: QuotaSnapshot | undefined;
  probe.onQuota((q) => {
    seen = q;
  });
  await probe.curatedPhotos({ per_page: 1 });
  return seen;
}

export async function setApiKey(services: Services, args?: unknown): Promise<SetApiKeyResult> {
  const fromArgs = keyFromArgs(args);
  const automated = fromArgs !== undefined;
  const service = services.config.serviceName;
  const key = (
    fromArgs ??
    (await vscode.window.showInputBox({
      title: `Stock Media: ${service} API Key`,
      prompt: `Paste your ${service} API key. It is stored in your system's secret storage, never in settings.`,
      placeHolder: 'API key',
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() === '' ? 'The key cannot be empty.' : /\s/.test(value.trim()) ? 'A key has no spaces in it.' : undefined),
    }))
  )?.trim();
  if (key === undefined) return { saved: false, reason: 'cancelled' };
  if (key === '' || /\s/.test(key)) {
    void vscode.window.showErrorMessage('That is not an API key: it is empty or has spaces in it. Nothing was saved.');
    return { saved: false, reason: 'invalid' };
  }
  let quota: QuotaSnapshot | undefined;
  try {
    quota = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Checking the key with ${service}…` },
      () => checkKey(services, key),
    );
  } catch (error) {
    const failure = toMediaError(error);
    if (failure.kind === 'rateLimited') {
      // The key is known to the service; it is only out of requests.
      services.quota.update(exhaustedSnapshot(services.quota.current, Date.now()));
    } else if (failure.kind === 'unauthorized' || failure.kind === 'forbidden') {
      void vscode.window.showErrorMessage(`${service} did not accept this API key, so it was not saved. Check that you copied the whole key.`);
      return { saved: false, reason: failure.kind };
    } else {
      const description = services.describe(failure).message;
      if (automated) {
        void vscode.window.showErrorMessage(`The key could not be checked, so it was not saved. ${description}`);
        return { saved: false, reason: failure.kind };
      }
      const choice = await vscode.window.showWarningMessage(
        `The key could not be checked. ${description}`,
        'Save Anyway',
      );
      if (choice !== 'Save Anyway') return { saved: false, reason: failure.kind };
    }
  }
  await services.keys.setKey(key);
  services.client.clearCache();
  if (quota) services.quota.update(quota);
  await services.refreshKeyState();
  const left = quota
    ? ` ${quota.remaining.toLocaleString(vscode.env.language)} of ${quota.limit.toLocaleString(vscode.env.language)} requests left this month.`
    : '';
  void vscode.window.showInformationMessage(`${service} API key saved.${left}`);
  return quota ? { saved: true, quota } : { saved: true };
}

export async function clearApiKey(services: Services): Promise<void> {
  await services.keys.clearKey();
  services.client.clearCache();
  services.quota.update(undefined);
  await services.refreshKeyState();
  void vscode.window.showInformationMessage('Stock Media: API key removed.');
}

export function showQuota(services: Services): string {
  const q = services.quota.current;
  const service = services.config.serviceName;
  const fmt = (n: number): string => n.toLocaleString(vscode.env.language);
  let text: string;
  if (!services.hasKey) text = `No ${service} API key is set.`;
  else if (!q) text = `The ${service} quota is not known yet; it shows after the first request.`;
  else if (q.resetAt > 0 && Date.now() >= q.resetAt) {
    text = `The ${service} monthly quota reset on ${services.formatTime(q.resetAt)}; the last figure (${fmt(q.remaining)} of ${fmt(q.limit)}) is out of date until the next request.`;
  } else if (q.exhausted) {
    text = `The ${service} request limit is used up. It resets ${q.resetAt > 0 ? services.formatTime(q.resetAt) : 'later'}.`;
  } else {
    text = `${service}: ${fmt(q.remaining)} of ${fmt(q.limit)} requests left this month; resets ${services.formatTime(q.resetAt)} (updated ${services.formatTime(q.updatedAt)}).`;
  }
  const higher = 'Ask for a Higher Limit';
  void vscode.window.showInformationMessage(text, ...(services.hasKey ? [higher] : ['Set API Key'])).then((picked) => {
    if (picked === higher) {
      void vscode.env.openExternal(vscode.Uri.parse(`${services.config.serviceUrl.replace(/\/+$/, '')}/api/`));
    } else if (picked === 'Set API Key') {
      void vscode.commands.executeCommand(CommandId.setApiKey);
    }
  });
  return text;
}
