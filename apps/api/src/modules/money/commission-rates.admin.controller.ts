import { AdminCrud } from '../../common/admin-controllers';
import { AdminResource } from '../../common/admin-resource';
import { sortFields } from '../../common/list-query';
import { COMMISSION_RATE_SORTS, CommissionRateSort, CommissionRatesService } from './commission-rates.service';
import { CommissionRateDto, UpdateCommissionRateDto } from './dto/money.dto';

const SORTS = sortFields(...(Object.keys(COMMISSION_RATE_SORTS) as CommissionRateSort[]));

/** Commission rates in basis points (ra-data-simple-rest): the default and per category. */
@AdminResource('commission-rates')
export class CommissionRatesAdminController extends AdminCrud({
  sorts: SORTS,
  fallback: 'id',
  create: CommissionRateDto,
  update: UpdateCommissionRateDto,
}) {
  constructor(protected readonly service: CommissionRatesService) {
    super();
  }
}
