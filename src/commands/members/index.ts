import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { ASSIGNABLE_ROLES } from '../../input/choices.js';
import { specs } from '../../output/specs.js';
import { defineGroup } from '../../cmdkit/define.js';
import { phoneFlag } from '../../cmdkit/fields.js';
import { showMember } from '../../cmdkit/handles.js';
import { defineOperation, type FieldFlag } from '../../cmdkit/operation.js';

const role = (required: boolean): FieldFlag => ({
  flags: '--role <role>',
  description: 'admin, staff or driver (owner cannot be assigned)',
  field: 'role',
  choices: ASSIGNABLE_ROLES,
  required,
  ask: async ({ ctx }) =>
    (await ctx.prompter()).select(
      'Role:',
      ASSIGNABLE_ROLES.map((r) => ({ name: r, value: r })),
    ),
});

export function register(program: Command, ctx: Context): void {
  const members = defineGroup(program, 'members', 'People of the company: owner, admins, staff and drivers');
  defineOperation(
    members,
    'list',
    {
      description: 'List every member with their role',
      assistant: {
        resources: [
          {
            name: 'drivers',
            description: "The company's drivers: each by name and phone, with the id a trip's driver takes",
            only: { role: 'driver' },
          },
        ],
      },
      examples: ['tripctl members list', 'tripctl members list -o json --query "[?role==\'driver\'].id"'],
      method: 'GET',
      path: '/members',
      result: { kind: 'list', key: 'members' },
      resource: specs.member,
    },
    ctx,
  );
  defineOperation(
    members,
    'add',
    {
      description: 'Add a registered user, found by phone, as a member with a role',
      examples: ['tripctl members add --phone +963933000101 --role driver'],
      method: 'POST',
      path: '/members',
      result: { kind: 'object', key: 'member' },
      resource: specs.member,
      flags: [phoneFlag('phone of a registered user', { required: true }), role(true)],
      reviewWhenAsked: true,
    },
    ctx,
  );
  defineOperation(
    members,
    'update <memberId>',
    {
      description: "Change a member's role",
      examples: ['tripctl members update dbf08ec2-bf07-4fbf-a60d-c6488a22dff6 --role admin'],
      method: 'PATCH',
      path: '/members/{memberId}',
      result: { kind: 'object', key: 'member' },
      resource: specs.member,
      flags: [role(true)],
    },
    ctx,
  );
  defineOperation(
    members,
    'remove <memberId>',
    {
      description: 'Detach a member from the company (the user account stays)',
      examples: ['tripctl members remove dbf08ec2-bf07-4fbf-a60d-c6488a22dff6 --yes'],
      method: 'DELETE',
      path: '/members/{memberId}',
      result: { kind: 'none', message: ([id]) => `Removed member ${id}.` },
      confirm: async ([id], tools) =>
        `Detach ${await showMember(id!.toLowerCase(), tools).catch(() => id!)} from the company? (the user account stays)`,
    },
    ctx,
  );
}
