import { AdminCrud, CrudService } from '../../common/admin-controllers';
import { AdminResource } from '../../common/admin-resource';
import { invalidField } from '../../common/errors';
import { SortFields } from '../../common/list-query';
import { CategoriesService } from './categories.service';
import { AdminCategoryDto, CategoryDto } from './dto/taxonomy.dto';
import { Category } from './entities/category.entity';

type CategorySort = keyof Category & ('id' | 'categoryName' | 'slug' | 'position' | 'createdAt' | 'updatedAt');
/** react-admin's `name` column sorts by categoryName. */
const SORTS: SortFields<CategorySort> = new Map<string, CategorySort>([
  ['id', 'id'],
  ['name', 'categoryName'],
  ['categoryName', 'categoryName'],
  ['slug', 'slug'],
  ['position', 'position'],
  ['createdAt', 'createdAt'],
  ['updatedAt', 'updatedAt'],
]);

/** Back-office categories (ra-data-simple-rest). The form may name a category by `name` (its column) or `categoryName`. */
@AdminResource('categories')
export class CategoriesAdminController extends AdminCrud({
  sorts: SORTS,
  fallback: 'position',
  create: AdminCategoryDto,
  update: AdminCategoryDto,
}) {
  protected readonly service: CrudService<CategorySort, AdminCategoryDto>;

  constructor(categories: CategoriesService) {
    super();
    this.service = {
      list: (request) => categories.list(request),
      get: (id) => categories.get(id),
      create: (dto) => categories.create(withName(dto)),
      update: (id, dto) => categories.update(id, withName(dto)),
      remove: (id) => categories.remove(id),
    };
  }
}

function withName({ name, categoryName, ...rest }: AdminCategoryDto): CategoryDto {
  const chosen = (categoryName ?? name ?? '').trim();
  if (!chosen) throw invalidField('categoryName', 'Category name is required');
  return { ...rest, categoryName: chosen };
}
