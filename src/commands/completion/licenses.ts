import { thirdPartyNotices } from '../../assets.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { CliError, ExitCode } from '../../errors.js';

/** `tripctl help licenses`: the licences of what this build bundled, as the build wrote them. */
export const printLicenses: ActionFn = async (ctx) => {
  const notices = thirdPartyNotices();
  if (notices === undefined)
    throw new CliError(
      'run from the sources: the packages in node_modules carry their own licences',
      ExitCode.usage,
      "'npm run build' writes dist/THIRD-PARTY-LICENSES.txt",
    );
  ctx.io.out(notices);
};
