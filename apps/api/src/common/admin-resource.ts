import { applyDecorators, Controller, SetMetadata } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminArea as Area } from '@kasuwa/contracts';
import { AdminAuth } from './auth.decorators';

const RESOURCE = Symbol('adminResource');
export const AREA_KEY = 'kasuwa:admin-area';
export const BEFORE_ENROLMENT_KEY = 'kasuwa:before-enrolment';

/**
 * Which back-office area (a key of the contracts' ROLE_RULES) a controller or route belongs to when an admin calls it:
 * the AccessGuard admits the admin's role to it or answers 403 ROLE_FORBIDDEN. An admin route without one is refused.
 */
export const AdminArea = (area: Area) => SetMetadata(AREA_KEY, area);

/** Open to an admin who must still enrol in two-factor sign-in (ADMIN_2FA=required): their account and enrolment only. */
export const BeforeEnrolment = () => SetMetadata(BEFORE_ENROLMENT_KEY, true);

/**
 * A back-office resource: `/api/admin/<name>` for admins only, under the OpenAPI `admin` tag, in the area of the same
 * name. One name for the path, the react-admin resource and the role rule (the house rule), declared once.
 */
export const AdminResource = (name: Area) =>
  applyDecorators(ApiTags('admin'), Controller(`admin/${name}`), AdminAuth(), SetMetadata(RESOURCE, name), AdminArea(name));

/** The resource name a controller was declared with (`@AdminResource(name)`): what its Content-Range names. */
export const resourceOf = (controller: object): string => Reflect.getMetadata(RESOURCE, controller);
