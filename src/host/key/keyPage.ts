// "Get a Free API Key": the service's page that issues keys, opened in the browser. It is part
// of activation (no features needed): the welcome view, the walkthrough, the key input box and
// every missing-key or refused-key message offer it.
import * as vscode from 'vscode';
import { apiKeyPage } from '../../core/serviceUrl';
import type { Services } from '../services';

/** Opens the page; its address follows `stockMedia.serviceUrl`. */
export async function getApiKey(services: Services): Promise<void> {
  await vscode.env.openExternal(vscode.Uri.parse(apiKeyPage(services.config.serviceUrl), true));
}
