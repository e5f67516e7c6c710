import { CliError, ExitCode } from '../../errors.js';
import { maskSecret } from '../../secrets.js';
import { specs } from '../../output/specs.js';
import type { ActionFn } from '../../cmdkit/define.js';
import type { CompanyEnvelope } from './login.js';

export const status: ActionFn = async (ctx) => {
  const settings = ctx.settings();
  if (!settings.apiKey) {
    throw new CliError(`not logged in (profile '${settings.profileName}')`, ExitCode.auth, "run 'tripctl auth login'");
  }
  const client = await ctx.client();
  const { data } = await client.request<CompanyEnvelope>({ method: 'GET', path: '/company', expect: { kind: 'object', key: 'company' } });
  const company = data?.company ?? {};
  const result = {
    profile: settings.profileName,
    baseUrl: client.baseUrl.href,
    key: maskSecret(settings.apiKey),
    keySource: ctx.env.TRIPCTL_API_KEY ? 'TRIPCTL_API_KEY' : 'profile',
    company: company.name ?? null,
    companyId: company.id ?? null,
    verified: company.verified ?? null,
    protected: settings.profile.protected === true,
  };
  await ctx.renderer().object(result, specs.authStatus);
};
