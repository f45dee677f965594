// A typed snapshot of the settings, read once and refreshed when they change.
import * as vscode from 'vscode';
import { DEFAULT_BASE_URL, DEFAULT_CACHE_TTL_MS, DEFAULT_TIMEOUT_MS, DEFAULT_VIDEO_BASE_URL, MAX_CACHE_TTL_MS } from '../../core/defaults';
import { DEFAULT_SERVICE_URL, checkedServiceUrl } from '../../core/serviceUrl';

export const CONFIG_SECTION = 'stockMedia';

/** When the status bar shows the quota (`stockMedia.statusBar.visible`). */
export type StatusBarVisibility = 'always' | 'withKey' | 'never';

export interface StockMediaConfig {
  apiBaseUrl: string;
  videoBaseUrl: string;
  serviceName: string;
  serviceUrl: string;
  cacheTtlMs: number;
  timeoutMs: number;
  statusBarVisible: StatusBarVisibility;
}

function text(cfg: vscode.WorkspaceConfiguration, key: string, fallback: string): string {
  const value = cfg.get<unknown>(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

function integer(cfg: vscode.WorkspaceConfiguration, key: string, fallback: number, min: number, max: number): number {
  const value = cfg.get<unknown>(key);
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
}

function oneOf<T extends string>(cfg: vscode.WorkspaceConfiguration, key: string, values: readonly T[], fallback: T): T {
  const value = cfg.get<unknown>(key);
  return values.find((v) => v === value) ?? fallback;
}

/** The settings now; `warn` hears about values that were replaced by their default. */
export function readConfig(warn?: (message: string) => void): StockMediaConfig {
  const cfg = vscode.workspace.getConfiguration(CONFIG_SECTION);
  return {
    apiBaseUrl: text(cfg, 'apiBaseUrl', DEFAULT_BASE_URL),
    videoBaseUrl: text(cfg, 'videoBaseUrl', DEFAULT_VIDEO_BASE_URL),
    serviceName: text(cfg, 'serviceName', 'Pexels'),
    serviceUrl: checkedServiceUrl(text(cfg, 'serviceUrl', DEFAULT_SERVICE_URL), warn),
    cacheTtlMs: integer(cfg, 'cacheTtlSeconds', DEFAULT_CACHE_TTL_MS / 1000, 0, MAX_CACHE_TTL_MS / 1000) * 1000,
    timeoutMs: integer(cfg, 'requestTimeoutSeconds', DEFAULT_TIMEOUT_MS / 1000, 1, 120) * 1000,
    statusBarVisible: oneOf(cfg, 'statusBar.visible', ['always', 'withKey', 'never'] as const, 'withKey'),
  };
}
