// Route rows of one resource: each operation's scope, status, parameters, bodies, response and a
// handler that reads the request, calls the domain layer (../domain/) and shapes the answer.
import { str } from '../openapi/json-schema.js';
import { Member } from '../openapi/resources.js';
import { bodies } from '../openapi/bodies.js';
import { memberView } from '../domain/model.js';
import { conflict, invalid, notFound } from '../domain/errors.js';
import { stamp } from '../domain/rules.js';
import { ROLES } from '../domain/state.js';
import { PEOPLE } from '../seed/demo-data.js';
import { list, one } from './common.js';
import type { Route } from './route.js';

export const MEMBER_ROUTES: Route[] = [
  {
    operationId: 'listMembers',
    method: 'GET',
    path: '/members',
    scope: 'members.read',
    tag: 'members',
    status: 200,
    summary: 'Every member (owner, admins, staff, drivers), no pagination',
    response: list('members', Member),
    handler: ({ core, company }) => {
      const order = (r: string) => (ROLES as readonly string[]).indexOf(r);
      const members = core.state.memberships
        .filter((m) => m.companyId === company.id)
        .sort((a, b) => order(a.role) - order(b.role) || a.joinedAt.localeCompare(b.joinedAt))
        .map((m) => memberView(m, core.state.users.find((u) => u.id === m.userId)!));
      return { json: { members } };
    },
  },
  {
    operationId: 'addMember',
    method: 'POST',
    path: '/members',
    scope: 'members.write',
    tag: 'members',
    status: 201,
    summary: 'Add a registered user, found by phone, as admin, staff or driver',
    description: `The phone must belong to a registered user (422 user_not_found otherwise). The demo's registered users in no company: ${PEOPLE.unaffiliated.map((p) => `${p.phone} (${p.fullName})`).join(', ')}; members of other companies are registered too.`,
    body: bodies.memberCreate,
    response: one('member', Member),
    errors: { 409: ['already_member'], 422: ['invalid_phone', 'owner_role_not_assignable', 'user_not_found'] },
    handler: ({ core, company, body }) => {
      const user = core.state.users.find((u) => u.phone === body.phone);
      if (!user) throw invalid('user_not_found', `phone ${String(body.phone)} does not belong to a registered user`, 'phone');
      if (core.state.memberships.some((m) => m.companyId === company.id && m.userId === user.id))
        throw conflict('already_member', `${user.phone} is already a member`);
      const m = { companyId: company.id, userId: user.id, role: body.role as 'admin', joinedAt: stamp(core) };
      core.state.memberships.push(m);
      return { status: 201, json: { member: memberView(m, user) } };
    },
  },
  {
    operationId: 'updateMember',
    method: 'PATCH',
    path: '/members/{memberId}',
    scope: 'members.write',
    tag: 'members',
    status: 200,
    summary: "Change a member's role (not the owner's, and never to owner)",
    pathParams: { memberId: { name: 'memberId', schema: str({ format: 'uuid' }), description: 'the user id of the member' } },
    body: bodies.memberPatch,
    response: one('member', Member),
    errors: { 409: ['owner_role_locked'], 422: ['owner_role_not_assignable'] },
    handler: ({ core, company, params, body }) => {
      const m = core.state.memberships.find((x) => x.companyId === company.id && x.userId === params.memberId);
      if (!m) throw notFound('member', params.memberId!);
      if (m.role === 'owner') throw conflict('owner_role_locked', "the owner's role cannot be changed");
      m.role = body.role as 'admin';
      return { json: { member: memberView(m, core.state.users.find((u) => u.id === m.userId)!) } };
    },
  },
  {
    operationId: 'removeMember',
    method: 'DELETE',
    path: '/members/{memberId}',
    scope: 'members.write',
    tag: 'members',
    status: 200,
    summary: 'Detach a user from the company (the user account stays)',
    description: 'Answers 200 with the member as it was. Trips the member drives keep their driverId.',
    response: one('member', Member),
    pathParams: { memberId: { name: 'memberId', schema: str({ format: 'uuid' }), description: 'the user id of the member' } },
    errors: { 409: ['owner_not_removable'] },
    handler: ({ core, company, params }) => {
      const i = core.state.memberships.findIndex((x) => x.companyId === company.id && x.userId === params.memberId);
      if (i < 0) throw notFound('member', params.memberId!);
      const m = core.state.memberships[i]!;
      if (m.role === 'owner') throw conflict('owner_not_removable', 'the owner cannot be removed');
      core.state.memberships.splice(i, 1);
      return { json: { member: memberView(m, core.state.users.find((u) => u.id === m.userId)!) } };
    },
  },
];
