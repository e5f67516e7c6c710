// Which route a method and path name: the partner routes under the base path, the admin routes
// under /__sandbox/; an unknown path is 404 and a known path with another method 405 (with Allow).
import type { Method, Route } from '../routes/route.js';
import { HttpError } from './errors.js';

export const BASE_PATH = '/api/partner/v1';

interface Compiled {
  route: Route;
  pattern: RegExp;
  names: string[];
}

export interface Match {
  route: Route;
  /** Path parameters by name, as they appear in the path (still percent-encoded). */
  raw: Record<string, string>;
}

function compile(route: Route): Compiled {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) =>
      segment
        .replace(/\{(\w+)\}/g, (_, name: string) => {
          names.push(name);
          return '([^/]+)';
        })
        .replace(/\./g, '\\.'),
    )
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

export function router(routes: Route[]): (method: string, path: string, partner: boolean) => Match {
  const compiled = routes.map(compile);
  return (method, path, partner) => {
    const candidates = compiled.filter((c) => !!c.route.admin === !partner && c.pattern.test(path));
    const match = candidates.find((c) => c.route.method === (method as Method));
    if (!match) {
      if (candidates.length > 0) {
        const allow = [...new Set(candidates.map((c) => c.route.method))].join(', ');
        throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${path}; allowed: ${allow}`, {}, { allow });
      }
      throw new HttpError(404, 'not_found', `no such endpoint: ${method} ${path}`);
    }
    const values = match.pattern.exec(path)!.slice(1);
    return { route: match.route, raw: Object.fromEntries(match.names.map((name, i) => [name, values[i]!])) };
  };
}
