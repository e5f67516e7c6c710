// Route rows of one resource: each operation's scope, status, parameters, bodies, response and a
// handler that reads the request, calls the domain layer (../domain/) and shapes the answer.
import { Company } from '../openapi/resources.js';
import { bodies } from '../openapi/bodies.js';
import { companyView } from '../domain/model.js';
import { invalid } from '../domain/errors.js';
import { has, stamp } from '../domain/rules.js';
import { one } from './common.js';
import type { Route } from './route.js';

/** The image type of a logo, from its first bytes. */
const image = (data: Buffer): string | null => {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
};

export const COMPANY_ROUTES: Route[] = [
  {
    operationId: 'getCompany',
    method: 'GET',
    path: '/company',
    scope: 'company.read',
    tag: 'company',
    status: 200,
    summary: "The key's company",
    response: one('company', Company),
    handler: ({ company }) => ({ json: { company: companyView(company) } }),
  },
  {
    operationId: 'updateCompany',
    method: 'PATCH',
    path: '/company',
    scope: 'company.write',
    tag: 'company',
    status: 200,
    summary: 'Update public fields (description)',
    body: bodies.companyPatch,
    response: one('company', Company),
    handler: ({ company, body }) => {
      if (has(body, 'description')) company.description = body.description as string;
      return { json: { company: companyView(company) } };
    },
  },
  {
    operationId: 'uploadCompanyLogo',
    method: 'POST',
    path: '/company/logo',
    scope: 'company.write',
    tag: 'company',
    status: 200,
    summary: 'Replace the logo',
    description: 'image: base64 of a PNG, JPEG, GIF or WebP file, at most 1 MiB decoded. Answers the company with its new logo.',
    body: bodies.logo,
    response: one('company', Company),
    errors: { 422: ['invalid_image', 'image_too_large'] },
    handler: ({ core, company, body }) => {
      const data = Buffer.from(body.image as string, 'base64');
      const type = image(data);
      if (!type) throw invalid('invalid_image', 'image is not a PNG, JPEG, GIF or WebP file', 'image');
      if (data.length > 1024 * 1024) throw invalid('image_too_large', `image is ${data.length} bytes; the limit is 1 MiB`, 'image');
      company.logo = { contentType: type, size: data.length, updatedAt: stamp(core) };
      return { json: { company: companyView(company) } };
    },
  },
  {
    operationId: 'deleteCompanyLogo',
    method: 'DELETE',
    path: '/company/logo',
    scope: 'company.write',
    tag: 'company',
    status: 200,
    summary: 'Remove the logo file',
    description: 'Answers the company (logo null). Removing a logo that is not there also succeeds.',
    response: one('company', Company),
    handler: ({ company }) => {
      company.logo = null;
      return { json: { company: companyView(company) } };
    },
  },
];
