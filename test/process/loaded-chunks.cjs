// Preloaded (node --require) by chunks.test.ts: on exit, appends the files of dist/ the run loaded
// (from require.cache) to the file named by TRIPCTL_TEST_CHUNKS_FILE, one name a line.
'use strict';
process.on('exit', () => {
  const dist = require('node:path').join(__dirname, '../../dist/');
  const loaded = Object.keys(require.cache)
    .filter((file) => file.startsWith(dist))
    .map((file) => `${file.slice(dist.length)}\n`);
  require('node:fs').appendFileSync(process.env.TRIPCTL_TEST_CHUNKS_FILE, loaded.join(''));
});
