import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { maxLength } from '../../input/validate.js';
import { specs } from '../../output/specs.js';
import { defineGroup, defineVerb, lazy } from '../../cmdkit/define.js';
import { defineOperation } from '../../cmdkit/operation.js';

export function register(program: Command, ctx: Context): void {
  const company = defineGroup(program, 'company', "The company's public profile");
  defineOperation(
    company,
    'get',
    {
      description: 'Show the company the key belongs to',
      examples: ['tripctl company get', 'tripctl company get -o json'],
      method: 'GET',
      path: '/company',
      result: { kind: 'object', key: 'company' },
      resource: specs.company,
    },
    ctx,
  );
  defineOperation(
    company,
    'update',
    {
      description: "Change the company's public description",
      examples: ["tripctl company update --description 'Daily departures Damascus–Aleppo, air-conditioned coaches'"],
      method: 'PATCH',
      path: '/company',
      result: { kind: 'object', key: 'company' },
      resource: specs.company,
      flags: [
        {
          flags: '--description <text>',
          description: 'public description',
          field: 'description',
          required: true,
          parse: (v) => maxLength('--description', v, 2000),
        },
      ],
    },
    ctx,
  );

  const logo = defineGroup(company, 'logo', "The company's logo image");
  defineVerb(logo, 'set <file>', {
    assistant: { notOffered: "uploads a file from the operator's disk" },
    calls: ['POST /company/logo'],
    description: 'Upload a PNG, JPEG, WebP or GIF file as the logo, replacing the current one',
    examples: ['tripctl company logo set ./logo.png'],
  }).action(lazy(ctx, async () => (await import('./logo.js')).setLogo));
  defineOperation(
    logo,
    'remove',
    {
      description: 'Remove the logo',
      examples: ['tripctl company logo remove --yes'],
      method: 'DELETE',
      path: '/company/logo',
      result: { kind: 'none', message: () => 'Removed the company logo.' },
      confirm: () => "Remove the company's logo?",
    },
    ctx,
  );
}
