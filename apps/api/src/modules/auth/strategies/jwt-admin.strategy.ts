import { Injectable } from '@nestjs/common';
import { unauthorized } from '../../../common/errors';
import { Admin } from '../../admins/entities/admin.entity';
import { JwtAccountStrategy } from './bearer-jwt';

/** `jwt-admin`: an admin token (admin secret and audience) of an active admin with a current version. */
@Injectable()
export class JwtAdminStrategy extends JwtAccountStrategy('admin', Admin, (admin) => {
  if (admin?.status !== 'active') throw unauthorized('SESSION_ENDED', 'Your admin session has ended. Please sign in again.');
  return admin;
}) {}
