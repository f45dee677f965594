// One of each host concern: which editor is an insert target (one rule for the grid and the
// palette), and the one table of error actions the grid, the tree and the key notifications use.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_ACTIONS as DESCRIBED_ACTIONS } from '../../src/core/describe';
import { CommandId } from '../../src/host/common/commandIds';
import { ERROR_ACTIONS, errorCommand } from '../../src/host/key/errorActions';
import { isInsertTarget, NOT_TARGET_SCHEMES } from '../../src/host/common/insertTarget';
import { HOST_COMMANDS } from '../../src/shared/protocol';

const doc = (scheme: string, isClosed = false): { uri: { scheme: string }; isClosed: boolean } => ({ uri: { scheme }, isClosed });

describe('the insert target rule', () => {
  it('takes open files, untitled documents and other file systems', () => {
    for (const scheme of ['file', 'untitled', 'vscode-remote', 'vscode-vfs', 'memfs']) assert.equal(isInsertTarget(doc(scheme)), true, scheme);
  });

  it('refuses panels and VS Code’s own editors: output, debug console, settings, git, search editor, source control input', () => {
    assert.deepEqual([...NOT_TARGET_SCHEMES].sort(), ['debug', 'git', 'output', 'search-editor', 'vscode-scm', 'vscode-settings']);
    for (const scheme of NOT_TARGET_SCHEMES) assert.equal(isInsertTarget(doc(scheme)), false, scheme);
  });

  it('refuses a closed document and no document', () => {
    assert.equal(isInsertTarget(doc('file', true)), false);
    assert.equal(isInsertTarget(undefined), false);
  });
});

describe('the error actions table', () => {
  const known = new Set<string>([...Object.values(CommandId), 'workbench.action.openSettings']);

  it('has a command for every action a failure offers but retry, and every action the grid sends', () => {
    assert.deepEqual(Object.keys(ERROR_ACTIONS).sort(), DESCRIBED_ACTIONS.filter((a) => a !== 'retry').sort());
    assert.deepEqual(Object.keys(ERROR_ACTIONS).sort(), [...HOST_COMMANDS].sort());
    for (const [action, entry] of Object.entries(ERROR_ACTIONS)) {
      const { label, command } = entry('https://api.example.test');
      assert.ok(known.has(command), `${action} runs ${command}`);
      assert.ok(label.trim().length > 0, `${action} has a label`);
    }
  });

  it('maps each action to its command and arguments (the grid and the tree read the same entry)', () => {
    const origin = 'https://media.example.test';
    assert.deepEqual(errorCommand('setApiKey', origin), { title: 'Set API Key', command: 'stockMedia.setApiKey', arguments: [] });
    assert.deepEqual(errorCommand('getApiKey', origin), { title: 'Get a Free API Key', command: 'stockMedia.getApiKey', arguments: [] });
    assert.deepEqual(errorCommand('showQuota', origin), { title: 'Show Quota', command: 'stockMedia.showQuota', arguments: [] });
    assert.deepEqual(errorCommand('openSettings', origin), {
      title: 'Open Settings',
      command: 'workbench.action.openSettings',
      arguments: ['stockMedia.apiBaseUrl'],
    });
    // The key-origin action names the origin the failure is about; the command checks the configured ones.
    assert.deepEqual(errorCommand('checkKey', origin), { title: `Check Key with ${origin}`, command: 'stockMedia.checkApiKey', arguments: [] });
  });

  it('is the only place that maps actions to commands: the grid and the tree use it', () => {
    const root = join(__dirname, '..', '..');
    const read = (file: string): string => readFileSync(join(root, file), 'utf8');
    assert.match(read('src/host/grid/gridPanel.ts'), /runErrorAction\(this\.services, command\)/);
    assert.match(read('src/host/collections/collectionItems.ts'), /errorCommand\(primary, origin\)/);
    for (const file of ['src/host/grid/gridPanel.ts', 'src/host/collections/collectionItems.ts', 'src/host/grid/gridStrings.ts']) {
      assert.doesNotMatch(read(file), /workbench\.action\.openSettings|CommandId\.(setApiKey|checkApiKey|showQuota)\b/, file);
    }
  });
});
