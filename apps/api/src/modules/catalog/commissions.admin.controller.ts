import { AdminCrud } from '../../common/admin-controllers';
import { AdminResource } from '../../common/admin-resource';
import { sortFields } from '../../common/list-query';
import { CommissionsService } from './commissions.service';
import { CommissionDto } from './dto/taxonomy.dto';

const SORTS = sortFields('id', 'note', 'createdAt', 'updatedAt');

/** Back-office commission notes (ra-data-simple-rest). */
@AdminResource('commissions')
export class CommissionsAdminController extends AdminCrud({
  sorts: SORTS,
  fallback: 'createdAt',
  create: CommissionDto,
  update: CommissionDto,
}) {
  constructor(protected readonly service: CommissionsService) {
    super();
  }
}
