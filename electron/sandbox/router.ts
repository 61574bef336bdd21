// Path patterns → handlers. `:name` segments match positive integers only, so
// `/credentials/replace_all` and `/credentials/:credentialId` never collide.
import type { Handler } from './context';

export type BodyKind = 'json' | 'multipart' | 'none';

export interface Route {
  method: string;
  pattern: string;
  handler: Handler;
  body: BodyKind;
  /** False only for the public storage of screenshots. */
  auth: boolean;
  /** Whether this route is attach_screenshots_from_links (its own rate pool). */
  attach?: boolean;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, number> }
  | { kind: 'wrongMethod'; allowed: string[] }
  | { kind: 'notFound' };

export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: Route[]) {
    this.routes = routes.map((r) => {
      const names: string[] = [];
      const source = r.pattern
        .split('/')
        .map((segment) => {
          if (segment === '*') return '(.+)';
          if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(segment.slice(1));
          return '(\\d{1,15})';
        })
        .join('/');
      return { ...r, regex: new RegExp(`^${source}$`), names };
    });
  }

  match(method: string, path: string): Match {
    const allowed: string[] = [];
    for (const r of this.routes) {
      const m = r.regex.exec(path);
      if (!m) continue;
      if (r.method !== method) {
        allowed.push(r.method);
        continue;
      }
      const params: Record<string, number> = {};
      r.names.forEach((name, i) => (params[name] = Number(m[i + 1])));
      return { kind: 'found', route: r, params };
    }
    return allowed.length > 0 ? { kind: 'wrongMethod', allowed } : { kind: 'notFound' };
  }
}
