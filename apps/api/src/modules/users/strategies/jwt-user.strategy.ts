import { Injectable } from '@nestjs/common';
import { unauthorized } from '../../../common/errors';
import { User } from '../entities/user.entity';
import { JwtAccountStrategy } from '../../access/bearer-jwt';

/** `jwt-user`: a user token (user secret and audience) whose account is still active and whose version is current. */
@Injectable()
export class JwtUserStrategy extends JwtAccountStrategy(
  'user',
  User,
  (user) => {
    if (!user || user.status === 'deleted') throw unauthorized('SESSION_ENDED', 'Your session has ended. Please sign in again.');
    if (user.status === 'suspended') throw unauthorized('SUSPENDED', 'Your account has been suspended. Please contact support.');
    return user;
  },
  { email: 'emailVerifiedAt', phone: 'phoneVerifiedAt' },
) {}
