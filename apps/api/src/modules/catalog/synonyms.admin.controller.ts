import { AdminCrud } from '../../common/admin-controllers';
import { AdminResource } from '../../common/admin-resource';
import { sortFields } from '../../common/list-query';
import { SynonymDto } from './dto/synonym.dto';
import { SYNONYM_SORTS, SynonymSort, SynonymsService } from './synonyms.service';

const SORTS = sortFields<SynonymSort>(...SYNONYM_SORTS);

/** Back-office synonym groups (ra-data-simple-rest): what search treats as the same word. */
@AdminResource('synonyms')
export class SynonymsAdminController extends AdminCrud({ sorts: SORTS, fallback: 'id', create: SynonymDto, update: SynonymDto }) {
  constructor(protected readonly service: SynonymsService) {
    super();
  }
}
