// Preloaded (node --require) by startup.test.ts: on exit, writes the built-in modules the run
// loaded to the file named by TRIPCTL_TEST_MODULES_FILE.
'use strict';
process.on('exit', () => {
  require('node:fs').writeFileSync(process.env.TRIPCTL_TEST_MODULES_FILE, process.moduleLoadList.join('\n'));
});
