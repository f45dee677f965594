// Environment variables that carry settings from the runners (test/host/run.ts) into the
// mocha entry in the extension host (test/vscode/index.ts). The VS Code server passes its
// own environment on to the extension host; @vscode/test-electron gets them through
// `extensionTestsEnv`.

/** A file the mocha entry appends its report and the tests' console output to. */
export const REPORT_ENV = 'STOCK_MEDIA_TEST_REPORT';
/**
 * A file the mocha entry writes its final counts to (JSON `TestResult`). The workbench
 * reports exit code 0 even when the extension host is killed mid-run, so the runner
 * trusts a pass only when this file says so.
 */
export const RESULT_ENV = 'STOCK_MEDIA_TEST_RESULT';

export interface TestResult {
  readonly passes: number;
  readonly failures: number;
  readonly pending: number;
  /** Set when the run could not start (a test file threw while loading). */
  readonly error?: string;
}

/** Run only the tests whose full title contains this text. */
export const GREP_ENV = 'STOCK_MEDIA_TEST_GREP';
/** '1' to colour the report (set when the runner's own terminal has colours). */
export const COLOR_ENV = 'STOCK_MEDIA_TEST_COLOR';

/**
 * The web run (`run.js --web`): the web worker extension host has no environment, so the
 * runner writes these options as JSON to this file beside the workspace folder, and the
 * web test entry reads it through `vscode.workspace.fs`.
 */
export const WEB_TEST_OPTIONS_FILE = 'stock-media-web-tests.json';

export interface WebTestOptions {
  /** The control server (test/host/control.ts), `http://127.0.0.1:<port>`. */
  readonly control: string;
  readonly grep?: string;
}
