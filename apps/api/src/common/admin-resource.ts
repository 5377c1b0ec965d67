import { applyDecorators, Controller, SetMetadata } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminAuth } from './auth.decorators';

const RESOURCE = Symbol('adminResource');

/**
 * A back-office resource: `/api/admin/<name>` for admins only, under the OpenAPI `admin` tag. One name for the path and
 * the react-admin resource (the house rule), declared once instead of three decorators on every admin controller.
 */
export const AdminResource = (name: string) => applyDecorators(ApiTags('admin'), Controller(`admin/${name}`), AdminAuth(), SetMetadata(RESOURCE, name));

/** The resource name a controller was declared with (`@AdminResource(name)`): what its Content-Range names. */
export const resourceOf = (controller: object): string => Reflect.getMetadata(RESOURCE, controller);
