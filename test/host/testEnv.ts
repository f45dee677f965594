// Environment variables that carry settings from the runners (test/host/run.ts) into the
// mocha entry in the extension host (test/vscode/index.ts). The VS Code server passes its
// own environment on to the extension host; @vscode/test-electron gets them through
// `extensionTestsEnv`.

/** A file the mocha entry appends its report and the tests' console output to. */
export const REPORT_ENV = 'STOCK_MEDIA_TEST_REPORT';
/** Run only the tests whose full title contains this text. */
export const GREP_ENV = 'STOCK_MEDIA_TEST_GREP';
/** '1' to colour the report (set when the runner's own terminal has colours). */
export const COLOR_ENV = 'STOCK_MEDIA_TEST_COLOR';
