import { applyDecorators, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminAuth } from './auth.decorators';

/**
 * A back-office resource: `/api/admin/<name>` for admins only, under the OpenAPI `admin` tag. One name for the path and
 * the react-admin resource (the house rule), declared once instead of three decorators on every admin controller.
 */
export const AdminResource = (name: string) => applyDecorators(ApiTags('admin'), Controller(`admin/${name}`), AdminAuth());
