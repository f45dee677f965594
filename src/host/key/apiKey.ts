// Set, check and clear the API key. The key is checked with one cheap request before it is
// kept, and it is kept only in SecretStorage, bound to the API origins it was checked with.
import * as vscode from 'vscode';
import { MediaClient } from '../../api/client';
import { l10n } from '../../core/l10n';
import type { QuotaSnapshot } from '../../core/quota';
import { exhaustedSnapshot, quotaLevel } from '../../core/quota';
import { inert, SERVICE_NAME_MAX } from '../../core/inert';
import { higherLimitPage } from '../../core/serviceUrl';
import { toMediaError } from '../../core/errors';
import { keyForOrigin } from '../../core/keyBinding';
import { trustedUrls } from '../../core/trustedUrls';
import { cleanPastedKey, KEY_MAX } from '../../core/pastedKey';
import type { ClientSource } from '../client/client';
import { describeFailure, ERROR_ACTIONS } from './errorActions';
import { getApiKey } from './keyPage';
import { askText } from '../common/inputBox';
import type { Services } from '../services';

export type SetApiKeyResult = { saved: true; quota?: QuotaSnapshot; trimmed: boolean } | { saved: false; reason: string };

/**
 * One request for one photo: the cheapest call that proves the key and returns the quota.
 * The key goes only to the configured origins (`origins`).
 */
async function checkKey(services: Services, key: string, origins: readonly string[]): Promise<QuotaSnapshot | undefined> {
  const cfg = services.config;
  const probe = new MediaClient({
    ...trustedUrls(cfg).api,
    keyProvider: { getKey: (origin) => Promise.resolve(keyForOrigin({ key, origins }, origin)) },
    logger: services.logger,
    cacheTtlMs: 0,
    timeoutMs: cfg.timeoutMs,
    browserHost: services.platform.name === 'web',
  });
  probe.seedQuota(services.quota.current);
  probe.onRequestSent(() => services.quota.countRequest());
  let seen: QuotaSnapshot | undefined;
  probe.onQuota((q) => {
    seen = q;
  });
  await probe.curatedPhotos({ per_page: 1 });
  return seen;
}

/** Said whenever spaces, a line break or quotes around a pasted key were removed. */
const trimmedNote = (): string => vscode.l10n.t('Removed surrounding spaces or quotes from the key.');

/** What the input box says under a value: an error blocks Enter, the note about trimming does not. */
function keyValidation(value: string): vscode.InputBoxValidationMessage | undefined {
  const pasted = cleanPastedKey(value);
  if (pasted.key === '') return { message: vscode.l10n.t('The key cannot be empty.'), severity: vscode.InputBoxValidationSeverity.Error };
  if (/\s/.test(pasted.key)) return { message: vscode.l10n.t('A key has no spaces in it.'), severity: vscode.InputBoxValidationSeverity.Error };
  if (!pasted.valid) {
    const message = vscode.l10n.t('A key is at most {0} characters long: Latin letters, digits and punctuation.', KEY_MAX);
    return { message, severity: vscode.InputBoxValidationSeverity.Error };
  }
  if (pasted.trimmed) {
    return { message: vscode.l10n.t('The spaces or quotes around the key will be removed.'), severity: vscode.InputBoxValidationSeverity.Info };
  }
  return undefined;
}

/**
 * The key input box, with a button that opens the service's page for a free key (the box stays
 * open meanwhile, so the key can be pasted when the user comes back). Undefined: cancelled.
 */
function askForKey(services: Services, service: string): Promise<string | undefined> {
  return askText({
    title: vscode.l10n.t('Stock Media: {0} API Key', service),
    prompt: vscode.l10n.t(
      "Paste your {0} API key. It is stored in your system's secret storage, never in settings. No key yet? {0} issues one free of charge: use the Get a Free API Key button (top right).",
      service,
    ),
    placeholder: vscode.l10n.t('API key'),
    password: true,
    check: keyValidation,
    buttons: [
      {
        button: { iconPath: new vscode.ThemeIcon('link-external'), tooltip: ERROR_ACTIONS.getApiKey('').label },
        run: () => void getApiKey(services),
      },
    ],
  });
}

/** An error about the key, with the buttons that help: set it again, or get a free one. */
function keyError(services: Services, api: ClientSource, message: string): void {
  const setKey = ERROR_ACTIONS.setApiKey('').label;
  const getKey = ERROR_ACTIONS.getApiKey('').label;
  void vscode.window.showErrorMessage(message, setKey, getKey).then((picked) => {
    if (picked === setKey) void setApiKey(services, api, undefined);
    else if (picked === getKey) void getApiKey(services);
  });
}

/** Saves `fromArgs` (the command's argument: commandArgs.ts keyArg), or asks for the key when it is undefined. */
export async function setApiKey(services: Services, api: ClientSource, fromArgs: string | undefined): Promise<SetApiKeyResult> {
  const automated = fromArgs !== undefined;
  const service = inert(services.config.serviceName, SERVICE_NAME_MAX);
  const raw = fromArgs ?? (await askForKey(services, service));
  if (raw === undefined) return { saved: false, reason: 'cancelled' };
  const pasted = cleanPastedKey(raw);
  const { key, trimmed } = pasted;
  const note = trimmed ? ` ${trimmedNote()}` : '';
  if (!pasted.valid) {
    keyError(
      services,
      api,
      pasted.key === '' || /\s/.test(pasted.key)
        ? vscode.l10n.t('That is not an API key: it is empty or has spaces in it. Nothing was saved.')
        : vscode.l10n.t('That is not an API key: it is longer than {0} characters or has characters no key has. Nothing was saved.', KEY_MAX),
    );
    return { saved: false, reason: 'invalid' };
  }
  // The origins are read once: the key is bound to exactly the ones it was checked with.
  const origins = trustedUrls(services.config).keyOrigins;
  let quota: QuotaSnapshot | undefined;
  try {
    quota = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking the key with {0}…', service) },
      () => checkKey(services, key, origins),
    );
  } catch (error) {
    const failure = toMediaError(error);
    if (failure.kind === 'rateLimited') {
      // The key is known to the service; it is only out of requests.
      services.quota.update(exhaustedSnapshot(services.quota.current, Date.now()));
    } else if (failure.kind === 'unauthorized' || failure.kind === 'forbidden') {
      keyError(services, api, vscode.l10n.t('{0} did not accept this API key, so it was not saved. Check that you copied the whole key.', service) + note);
      return { saved: false, reason: failure.kind };
    } else {
      const description = describeFailure(services, failure).message;
      if (automated) {
        void vscode.window.showErrorMessage(vscode.l10n.t('The key could not be checked, so it was not saved. {0}', description));
        return { saved: false, reason: failure.kind };
      }
      const saveAnyway = vscode.l10n.t('Save Anyway');
      const choice = await vscode.window.showWarningMessage(vscode.l10n.t('The key could not be checked. {0}', description), saveAnyway);
      if (choice !== saveAnyway) return { saved: false, reason: failure.kind };
    }
  }
  await services.keys.setKey(key, origins);
  api.client.clearCache();
  if (quota) services.quota.update(quota);
  await services.refreshKeyState();
  const fmt = (n: number): string => n.toLocaleString(vscode.env.language);
  const saved =
    quota && !quota.hidden
      ? vscode.l10n.t('{0} API key saved. {1} of {2} requests left this month.', service, fmt(quota.remaining), fmt(quota.limit))
      : vscode.l10n.t('{0} API key saved.', service);
  void vscode.window.showInformationMessage(saved + note);
  return quota ? { saved: true, quota, trimmed } : { saved: true, trimmed };
}

export type CheckApiKeyResult = { bound: true; origins: string[]; quota?: QuotaSnapshot } | { bound: false; reason: string };

/**
 * Checks the stored key with the configured base URLs (after they changed) and, when the
 * service accepts it, binds the key to their origins. Until then the key is not sent there.
 */
export async function checkApiKey(services: Services, api: ClientSource): Promise<CheckApiKeyResult> {
  const stored = await services.keys.stored();
  if (!stored) {
    await setApiKey(services, api, undefined);
    return { bound: false, reason: 'missingKey' };
  }
  const origins = trustedUrls(services.config).keyOrigins;
  const where = origins.join(', ');
  let quota: QuotaSnapshot | undefined;
  try {
    quota = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking the key with {0}…', where) },
      () => checkKey(services, stored.key, origins),
    );
  } catch (error) {
    const failure = toMediaError(error);
    if (failure.kind === 'rateLimited') {
      // The key is known there; it is only out of requests.
      services.quota.update(exhaustedSnapshot(services.quota.current, Date.now()));
    } else {
      const message =
        failure.kind === 'unauthorized' || failure.kind === 'forbidden'
          ? vscode.l10n.t('{0} did not accept your API key, so it is still not sent there.', where)
          : vscode.l10n.t('The key could not be checked with {0}, so it is still not sent there. {1}', where, describeFailure(services, failure).message);
      if (failure.kind === 'unauthorized' || failure.kind === 'forbidden') {
        keyError(services, api, message);
      } else {
        const setKey = ERROR_ACTIONS.setApiKey(where).label;
        void vscode.window.showErrorMessage(message, setKey).then((picked) => {
          if (picked === setKey) void setApiKey(services, api, undefined);
        });
      }
      return { bound: false, reason: failure.kind };
    }
  }
  await services.keys.setKey(stored.key, origins);
  api.client.clearCache();
  if (quota) services.quota.update(quota);
  await services.refreshKeyState();
  void vscode.window.showInformationMessage(vscode.l10n.t('Your API key works with {0}; it is now used there.', where));
  return quota ? { bound: true, origins, quota } : { bound: true, origins };
}

export async function clearApiKey(services: Services, api: ClientSource): Promise<void> {
  await services.keys.clearKey();
  api.client.clearCache();
  // The stored answers' file is gone before the command says the key is removed.
  await api.client.flushCache();
  services.quota.update(undefined);
  await services.refreshKeyState();
  void vscode.window.showInformationMessage(vscode.l10n.t('Stock Media: API key removed.'));
}

export function showQuota(services: Services): string {
  const q = services.quota.current;
  const service = inert(services.config.serviceName, SERVICE_NAME_MAX);
  const fmt = (n: number): string => n.toLocaleString(vscode.env.language);
  const now = Date.now();
  const level = quotaLevel(q, now);
  let text: string;
  if (!services.hasKey) text = vscode.l10n.t('No {0} API key is set.', service);
  else if (!q) text = vscode.l10n.t('The {0} quota is not known yet; it shows after the first request.', service);
  else if (level === 'hidden') {
    const count = services.quota.hourly.thisHour(now);
    text = l10n.plural(count, {
      one: vscode.l10n.t(
        'The {0} quota is not visible in the browser: the service does not let browsers read its quota headers. This extension sent {1} request to the API this hour.',
        service,
        fmt(count),
      ),
      other: vscode.l10n.t(
        'The {0} quota is not visible in the browser: the service does not let browsers read its quota headers. This extension sent {1} requests to the API this hour.',
        service,
        fmt(count),
      ),
    });
  } else if (level === 'exhausted' && q.exhausted) {
    // A 429 does not say which limit it hit; a reset that has passed is not announced.
    text =
      q.resetAt > now
        ? vscode.l10n.t(
            'The {0} rate limit or monthly quota is used up. Try again later; the monthly quota resets {1}.',
            service,
            services.formatTime(q.resetAt),
          )
        : vscode.l10n.t('The {0} rate limit or monthly quota is used up. Try again later.', service);
  } else if (level === 'stale') {
    text = vscode.l10n.t(
      'The {0} monthly quota reset on {1}; the last figure ({2} of {3}) is out of date until the next request.',
      service,
      services.formatTime(q.resetAt),
      fmt(q.remaining),
      fmt(q.limit),
    );
  } else {
    text = vscode.l10n.t(
      '{0}: {1} of {2} requests left this month; resets {3} (updated {4}).',
      service,
      fmt(q.remaining),
      fmt(q.limit),
      services.formatTime(q.resetAt),
      services.formatTime(q.updatedAt),
    );
  }
  const higher = vscode.l10n.t('Ask for a Higher Limit');
  const setKey = ERROR_ACTIONS.setApiKey('').label;
  const getKey = ERROR_ACTIONS.getApiKey('').label;
  const buttons = services.hasKey ? [higher] : [setKey, getKey];
  void vscode.window.showInformationMessage(text, ...buttons).then((picked) => {
    if (picked === higher) {
      void vscode.env.openExternal(vscode.Uri.parse(higherLimitPage(services.config.serviceUrl), true));
    } else if (picked === setKey) {
      void setApiKey(services, services.api, undefined);
    } else if (picked === getKey) {
      void getApiKey(services);
    }
  });
  return text;
}
