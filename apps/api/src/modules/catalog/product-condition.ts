import { conditionToType, type ProductCondition, type ProductType } from '@kasuwa/contracts';
import { invalidField } from '../../common/errors';

/**
 * The condition and spec type to write for a create (`creating`) or an edit. The condition decides the type; a
 * client that sends only the product's productType gets brand_new for new and nigerian_used for used on create (on an
 * edit the database trigger keeps a used listing's condition). A contradiction is a 422, not a silent choice.
 */
export function conditionFields(
  dto: { productCondition?: ProductCondition; productType?: ProductType },
  creating: boolean,
): { condition?: ProductCondition; productType?: ProductType } {
  if (dto.productCondition) {
    const productType = conditionToType(dto.productCondition);
    if (dto.productType && dto.productType !== productType) {
      throw invalidField('productCondition', `A ${dto.productType} listing cannot be ${dto.productCondition.replace('_', ' ')}`);
    }
    return { condition: dto.productCondition, productType };
  }
  if (dto.productType)
    return creating
      ? { productType: dto.productType, condition: dto.productType === 'new' ? 'brand_new' : 'nigerian_used' }
      : { productType: dto.productType };
  return creating ? { productType: 'new', condition: 'brand_new' } : {};
}
