import type { INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common/enums/request-method.enum';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';

/** @nestjs/swagger's metadata keys (its constants module is not exported). */
const EXCLUDE_CONTROLLER = 'swagger/apiExcludeController';
const EXCLUDE_ENDPOINT = 'swagger/apiExcludeEndpoint';

/**
 * What the controllers read from a request (body, query parameters) that the OpenAPI document does not declare.
 * The hostile-input test only knows what the document says, so the document must say everything a route reads.
 */
export function undeclaredInputs(
  app: INestApplication,
  doc: { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>> },
): string[] {
  const missing: string[] = [];
  for (const mod of app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const ctrl = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
      if (!ctrl || Reflect.getMetadata(EXCLUDE_CONTROLLER, ctrl)?.[0]) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, ctrl) ?? '');
      for (const name of Object.getOwnPropertyNames(ctrl.prototype)) {
        const handler: unknown = (ctrl.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler as object) === undefined)
          continue;
        if (Reflect.getMetadata(EXCLUDE_ENDPOINT, handler as object)?.disable) continue;
        const sub: string = String(Reflect.getMetadata(PATH_METADATA, handler as object));
        const path = `/${['api', base, sub]
          .filter((p) => p && p !== '/')
          .map((p) => p.replace(/^\/|\/$/g, ''))
          .join('/')}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler as object) as number].toLowerCase();
        const op = doc.paths[path]?.[method];
        if (!op) {
          missing.push(`${method.toUpperCase()} ${path}: not in the document`);
          continue;
        }
        const args: Record<string, { data?: unknown }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, ctrl, name) ?? {};
        const queries = new Set((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
        for (const [key, arg] of Object.entries(args)) {
          const type = Number(key.split(':')[0]);
          if (type === RouteParamtypes.BODY && !op.requestBody) missing.push(`${method.toUpperCase()} ${path}: body not declared`);
          if (type === RouteParamtypes.QUERY && typeof arg.data === 'string' && !queries.has(arg.data))
            missing.push(`${method.toUpperCase()} ${path}: query ${arg.data} not declared`);
          if (type === RouteParamtypes.QUERY && arg.data === undefined && !queries.size)
            missing.push(`${method.toUpperCase()} ${path}: query DTO not declared`);
        }
      }
    }
  }
  return missing;
}
